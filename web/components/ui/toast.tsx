import { useEffect, useSyncExternalStore } from "react";
import "./ui.css";

/** At most one toast at a time, shown for 5 s (public-site.md §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ToastItem = ToastInput & { id: number };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a toast from anywhere (components, mutation callbacks). A new toast replaces the old one. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [{ ...input, id }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id?: number): void {
  items = id === undefined ? [] : items.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

function ToastView({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  const destructive = item.variant === "destructive";
  return (
    <div className={destructive ? "toast toast-destructive" : "toast"} role={destructive ? "alert" : "status"} data-testid="toast">
      <div className="toast-title">{item.title}</div>
      {item.description ? <div className="toast-description">{item.description}</div> : null}
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toast-region" aria-live="polite">
      {toasts.map((t) => (
        <ToastView key={t.id} item={t} />
      ))}
    </div>
  );
}
