import type { HTMLAttributes, ReactNode } from "react";
import "./ui.css";

type Props = HTMLAttributes<HTMLElement> & { title?: ReactNode; as?: "section" | "div" | "article" | "aside" };

export function Card({ title, children, className, as: Tag = "section", ...rest }: Props) {
  return (
    <Tag className={["card", className].filter(Boolean).join(" ")} {...rest}>
      <div className="card-body">
        {title ? <h2 className="card-title">{title}</h2> : null}
        {children}
      </div>
    </Tag>
  );
}
