import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { Card } from "#web/components/ui/card.tsx";
import { guidesQuery } from "#web/lib/guides-query.ts";
import styles from "./coin.module.css";
import { coinSocialQuery } from "./coin-social.tsx";

/** "a, b and c". */
function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What the coin is, for a reader who does not know it: the Crypto 101 guide about it when there is
 * one; otherwise only what the site's data says (its rank, and the categories the sentiment source
 * files it under, labelled as modelled offline), and where to learn the basics. The rank is among the
 * coins the feed gave, not "of 500": a live feed that skips a coin without a price tracks fewer. Nothing is written
 * that the data does not hold: no description is invented for the 500 coins without a guide.
 */
export function CoinAbout({ coin }: { coin: Crypto }) {
  const guide = useQuery(guidesQuery()).data?.find((g) => g.cryptoSymbol?.toUpperCase() === coin.symbol);
  const social = useQuery(coinSocialQuery(coin.symbol)).data?.social;
  // "cryptocurrencies" is the offline model's word for a coin it could not place: it says nothing.
  const categories = (social?.categories ?? []).filter((c) => c !== "cryptocurrencies").map((c) => c.replace(/-/g, " "));
  return (
    <Card title={`About ${coin.name}`} aria-label={`About ${coin.name}`}>
      {guide ? (
        <>
          <p className={styles.about}>{guide.excerpt}</p>
          <p className={styles.about}>
            <Link to={`/crypto-101/${guide.slug}`}>Read the guide: {guide.title}</Link> ({guide.readTime} min read)
          </p>
        </>
      ) : (
        <>
          <p className={styles.about} data-testid="coin-about-facts">
            {coin.name} ({coin.symbol}) is #{coin.rank} by market capitalisation among the coins Coinsight tracks.
            {categories.length
              ? ` ${social?.source === "offline" ? "Coinsight's offline sentiment model" : "LunarCrush"} files it under ${listed(categories)}.`
              : ""}
          </p>
          <p className={`${styles.about} muted`}>
            Coinsight has no guide to {coin.name} yet. <Link to="/crypto-101">Crypto 101</Link> explains the figures on this page, from
            market cap to volatility.
          </p>
        </>
      )}
    </Card>
  );
}
