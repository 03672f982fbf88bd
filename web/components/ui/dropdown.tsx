import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import "./ui.css";

/**
 * A disclosure dropdown (WAI-ARIA disclosure pattern, as for site navigation): a button that shows
 * a panel of links. It closes on Escape (focus back on the button), on a click outside, and when
 * something inside the panel is chosen.
 */
export function Dropdown({
  trigger,
  label,
  children,
  className,
}: {
  /** The button's visible content. */
  trigger: ReactNode;
  /** The button's accessible name. */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointer(e: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    }
    function onChoose(e: MouseEvent) {
      const target = e.target as HTMLElement;
      if (panelRef.current?.contains(target) && target.closest("a,button")) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onChoose);
    return () => {
      document.removeEventListener("click", onChoose);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={["dropdown", className].filter(Boolean).join(" ")} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost dropdown-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
        <span aria-hidden="true" className="dropdown-caret">
          ▾
        </span>
      </button>
      {open ? (
        <div id={panelId} className="dropdown-panel" ref={panelRef}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
