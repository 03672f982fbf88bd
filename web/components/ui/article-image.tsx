import { useState } from "react";
import { type RankBand, rankBand } from "#schema/contracts/article-rules.ts";
import styles from "./article-card.module.css";

/** Shown when an article has no image or its image fails to load (public-site.md §4). */
export const DEFAULT_CARD_IMAGE = "/images/default-card.svg";

const BAND_LABEL: Record<RankBand, string> = { "top-100": "Top 100", "101-300": "Rank 101-300", "301-500": "Rank 301-500" };

/** The social-momentum badge of a Trending Analysis: the coin's rank, coloured by its band. */
export function RankBadge({ rank, className }: { rank: number | null | undefined; className?: string }) {
  const band = rankBand(rank);
  if (!band) return null;
  return (
    <span className={[styles.rankBadge, styles[`band-${band}`], className].filter(Boolean).join(" ")} data-band={band}>
      <span aria-hidden="true">#{rank}</span>
      <span className="visually-hidden">Market-cap rank {rank}, </span>
      {BAND_LABEL[band]}
    </span>
  );
}

/** An article's picture at 1200×630, replaced by the default card image when missing or broken. */
export function ArticleImage({
  src,
  alt = "",
  rank,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  /** Rank for the badge overlay (Trending Analysis only). */
  rank?: number | null;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src?.trim() || DEFAULT_CARD_IMAGE;
  const shown = failed === wanted ? DEFAULT_CARD_IMAGE : wanted;
  return (
    <div className={[styles.media, className].filter(Boolean).join(" ")}>
      <img
        src={shown}
        alt={alt}
        width={1200}
        height={630}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => {
          if (shown !== DEFAULT_CARD_IMAGE) setFailed(wanted);
        }}
      />
      {rank != null ? <RankBadge rank={rank} className={styles.badgeOverlay} /> : null}
    </div>
  );
}
