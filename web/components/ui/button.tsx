import type { ButtonHTMLAttributes, Ref } from "react";
import "./ui.css";

export type ButtonVariant = "primary" | "outline" | "ghost" | "danger";

export function buttonClass(variant: ButtonVariant = "primary", size: "md" | "sm" = "md", extra?: string): string {
  return ["btn", `btn-${variant}`, size === "sm" ? "btn-sm" : "", extra ?? ""].filter(Boolean).join(" ");
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: "md" | "sm"; ref?: Ref<HTMLButtonElement> };

export function Button({ variant = "primary", size = "md", className, type = "button", ...rest }: Props) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
