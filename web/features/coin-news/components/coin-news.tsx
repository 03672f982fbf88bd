import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card } from "#web/components/ui/card.tsx";
import { request } from "#web/lib/api-client.ts";
import { timeAgo } from "#web/lib/format.ts";
import { useClock } from "#web/lib/render-context.ts";

/** The coin page's latest articles about the coin; nothing at all when there are none. */
export function CoinNews({ symbol, name }: { symbol: string; name: string }) {
  const { data } = useQuery({
    queryKey: ["articles", "coin", symbol.toUpperCase()] as const,
    queryFn: () => request("listCoinArticles", { params: { symbol: symbol.toLowerCase() }, query: { limit: 5 } }),
  });
  const { now } = useClock();
  if (!data?.articles.length) return null;
  return (
    <Card title="In the news" aria-label={`${name} in the news`}>
      <ul className="stack" style={{ listStyle: "none", margin: 0, padding: 0, gap: 10 }}>
        {data.articles.map((a) => (
          <li key={a.id}>
            <Link to={`/article/${a.slug}`} style={{ fontWeight: 600 }}>
              {a.title}
            </Link>
            <div className="muted" style={{ fontSize: "0.85rem" }}>
              {a.categoryName} · {timeAgo(a.publishedAt, now)}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
