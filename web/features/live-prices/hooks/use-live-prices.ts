import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveTopic } from "#schema/contracts/live.ts";
import { socketUrl } from "#web/lib/socket.ts";
import { applyLiveMessage, topicsFromCache } from "../live-cache.ts";
import { LiveConnection } from "../live-connection.ts";

/** Crawlers and previews read a page once: no socket for them (the server refuses them too). */
const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse/i;
/** Topics follow the page's open queries; a navigation changes several at once, so wait for them to settle. */
const SETTLE_MS = 200;

function liveUrl(topics: LiveTopic[], since: number | null): string {
  const query = new URLSearchParams({ topics: topics.join(",") });
  if (since !== null) query.set("since", String(since));
  return socketUrl(`/api/live?${query}`);
}

/**
 * Live prices for the whole page: one socket for the topics its open price queries show (pages of
 * the table, a coin, the strip), written into the React Query cache as ticks arrive. Runs only in the
 * browser, after hydration (an effect), so the server render never opens one.
 */
export function useLivePrices(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === "undefined" || CRAWLER.test(navigator.userAgent)) return;
    const refetchPrices = () => {
      void client.invalidateQueries({ queryKey: ["cryptos"], refetchType: "active" });
      void client.invalidateQueries({ queryKey: ["market", "global"], refetchType: "active" });
    };
    const connection = new LiveConnection(
      {
        onMessage: (message) => {
          if (applyLiveMessage(client, message).reload) void client.invalidateQueries({ queryKey: ["cryptos"], refetchType: "active" });
        },
        onFallback: refetchPrices,
      },
      liveUrl,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      clearTimeout(timer);
      timer = setTimeout(() => connection.setTopics(topicsFromCache(client)), SETTLE_MS);
    };
    follow();
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type === "observerAdded" || event.type === "observerRemoved") follow();
      else if (event.type === "updated" && event.action.type === "success" && !event.action.manual) follow();
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
      connection.stop();
    };
  }, [client]);
}
