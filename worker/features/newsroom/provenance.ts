import type { ArticleWriter } from "#worker/ports/llm/llm.ts";
import type { Source } from "./articles.ts";

/** The social model's name wherever readers see it. */
export const SENTIMENT_MODEL_NAME = "Coinsight sentiment model, estimated from market activity";
export const TEMPLATE_WRITER_NAME = "Coinsight template writer";

/**
 * Where an article's figures and words came from, named as they really were, with the time of each
 * data set. Readers see these names; none of them mentions configuration.
 */
export function sourcesOf(
  market: { source: string; asOf: string },
  social: { source: string; asOf: string } | null,
  writer: Pick<ArticleWriter, "source" | "model">,
): Source[] {
  const out: Source[] = [
    market.source === "coingecko"
      ? { name: "CoinGecko", url: "https://www.coingecko.com", role: "market", kind: "live", asOf: market.asOf }
      : {
          name: "Demo market data replayed from a CoinGecko snapshot",
          url: "https://www.coingecko.com",
          role: "market",
          kind: "demo",
          asOf: market.asOf,
        },
  ];
  if (social?.source === "lunarcrush")
    out.push({ name: "LunarCrush", url: "https://lunarcrush.com", role: "social", kind: "live", asOf: social.asOf });
  else if (social) out.push({ name: SENTIMENT_MODEL_NAME, role: "social", kind: "model", asOf: social.asOf });
  out.push(
    writer.source === "offline"
      ? { name: TEMPLATE_WRITER_NAME, role: "writer", kind: "template" }
      : { name: `AI model ${writer.model}`, role: "writer", kind: "ai", model: writer.model },
  );
  return out;
}
