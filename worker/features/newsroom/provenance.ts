import { longDay } from "#schema/contracts/format.ts";
import type { ArticleWriter } from "#worker/ports/llm/llm.ts";
import { RECORDED_AT } from "#worker/ports/market/offline.ts";
import type { Source } from "./articles.ts";

/** The social model's name wherever readers see it. */
export const SENTIMENT_MODEL_NAME = "Coinsight sentiment model, estimated from market activity";
export const TEMPLATE_WRITER_NAME = "Coinsight template writer";
/** The offline market data, named with the day it was really recorded (docs/data.md). */
export const DEMO_MARKET_NAME = `Demo market data replayed from CoinGecko figures recorded ${longDay(RECORDED_AT.slice(0, 10))}`;

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
          name: DEMO_MARKET_NAME,
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
