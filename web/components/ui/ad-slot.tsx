import { useAdsShown } from "#web/lib/ads.ts";
import "./ui.css";

/** A reserved, disabled ad placeholder (ads are switched off); none at all for Pro members. */
export function AdSlot({
  width,
  height,
  label = "Advertisement Space (Ads temporarily disabled for security)",
}: {
  width: number;
  height: number;
  label?: string;
}) {
  const shown = useAdsShown();
  const size = { width: "100%", maxWidth: width, height };
  if (shown === false) return null;
  // The plan is not known yet: hold the space so the page does not move when the slot fills in.
  if (shown === null) return <div className="ad-slot ad-slot-pending" style={size} aria-hidden="true" />;
  return (
    <div className="ad-slot" style={size} aria-label="Advertisement placeholder" role="note">
      {label}
    </div>
  );
}
