import "./ui.css";

/** A reserved, disabled ad placeholder (ads are switched off). */
export function AdSlot({
  width,
  height,
  label = "Advertisement Space (Ads temporarily disabled for security)",
}: {
  width: number;
  height: number;
  label?: string;
}) {
  return (
    <div className="ad-slot" style={{ width: "100%", maxWidth: width, height }} aria-label="Advertisement placeholder" role="note">
      {label}
    </div>
  );
}
