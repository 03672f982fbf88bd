import type { CSSProperties } from "react";
import "./ui.css";

export function Skeleton({
  width = "100%",
  height = 16,
  style,
}: {
  width?: CSSProperties["width"];
  height?: CSSProperties["height"];
  style?: CSSProperties;
}) {
  return <span className="skeleton" aria-hidden="true" style={{ width, height, ...style }} />;
}
