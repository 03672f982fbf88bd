import type { ReactNode } from "react";
import "./ui.css";

/** An empty or error state inside a section. Errors are announced to screen readers. */
export function Notice({ tone = "info", children }: { tone?: "info" | "error"; children: ReactNode }) {
  return (
    <div className={tone === "error" ? "notice notice-error" : "notice"} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
