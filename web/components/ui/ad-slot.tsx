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
  if (!useAdsShown()) return null;
  return (
    <div className="ad-slot" style={{ width: "100%", maxWidth: width, height }} aria-label="Advertisement placeholder" role="note">
      {label}
    </div>
  );
}
