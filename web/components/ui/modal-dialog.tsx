import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import "./ui.css";

/**
 * A modal on the native <dialog> and showModal(): the browser keeps focus inside, makes the page
 * behind inert, and closes it on Escape. Mounting opens it; `onClose` is called however it closes,
 * and focus goes back to whatever had it before (the button that opened it).
 */
export function ModalDialog({
  labelledBy,
  onClose,
  initialFocus,
  className,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  /** Where focus starts; the browser's choice (the first focusable element) when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    // The close event is queued, so one from an earlier close() can arrive after the dialog was
    // opened again (React's StrictMode mounts effects twice): only a dialog that is closed now closes.
    const closed = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [initialFocus]);

  return (
    <dialog ref={ref} aria-labelledby={labelledBy} className={["modal", className].filter(Boolean).join(" ")}>
      {children}
    </dialog>
  );
}
