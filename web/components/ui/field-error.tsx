import "./ui.css";

/**
 * A form field's error, shown right under it. The field points at it with `aria-describedby` and
 * carries `aria-invalid` (see `invalidProps` in web/lib/field-errors.ts); nothing renders without a message.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
