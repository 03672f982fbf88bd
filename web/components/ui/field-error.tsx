import type { Ref } from "react";
import "./ui.css";

/**
 * A form field's error, shown right under it. The field points at it with `aria-describedby` and
 * carries `aria-invalid` (see `invalidProps` in web/lib/field-errors.ts); nothing renders without a message.
 * `announce` is for an error that appears where the user is not: focus stays on what they pressed
 * (a plan's button, say), so a screen reader would not read the message unless it is an alert.
 */
export function FieldError({
  id,
  message,
  announce = false,
  className,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean;
  /** Placement only (width, indent); the look is .field-error's. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={className ? `field-error ${className}` : "field-error"} role={announce ? "alert" : undefined}>
      {message}
    </p>
  );
}

/**
 * The messages a form could not put next to a field, above the form. It takes focus when no field
 * does (the caller passes the ref); nothing renders without a message.
 */
export function ErrorSummary({ id, lines, ref }: { id: string; lines: string[]; ref?: Ref<HTMLDivElement> }) {
  if (lines.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="notice notice-error" role="alert" aria-labelledby={`${id}-title`}>
      <strong id={`${id}-title`}>Not saved</strong>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
