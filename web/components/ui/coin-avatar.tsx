import { useState } from "react";
import "./ui.css";

/** A stable hue per symbol, so a coin's initials circle keeps its colour everywhere. */
function hue(symbol: string): number {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** The coin's logo, or a coloured circle with the first letters of its symbol when there is none. */
export function CoinAvatar({ symbol, imageUrl, size = 28 }: { symbol: string; imageUrl: string; size?: number }) {
  const [broken, setBroken] = useState(!imageUrl);
  // A symbol of up to four letters is drawn whole (USDT, USDC and USDS must not all read "USD").
  const letters = symbol.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  const initials = (letters.length <= 4 ? letters : letters.slice(0, 3)) || "?";
  if (broken) {
    return (
      <span
        className="coin-initials"
        style={{
          width: size,
          height: size,
          fontSize: size * (initials.length > 3 ? 0.24 : initials.length > 2 ? 0.3 : 0.38),
          // Dark enough for white initials to reach 4.5:1 at any hue: 4.96:1 at worst (yellows are the lightest).
          background: `hsl(${hue(symbol)} 62% 28%)`,
        }}
        aria-hidden="true"
        data-testid="coin-initials"
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      className="coin-avatar"
      src={imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}
