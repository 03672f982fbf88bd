import type { ReactNode } from "react";
import { AdSlot } from "#web/components/ui/ad-slot.tsx";
import {
  DailyRoundupSection,
  GuidesSection,
  TrendingAnalysisSection,
  TrendingNowCard,
} from "#web/features/articles/components/home-sections.tsx";
import { MoversCard } from "#web/features/markets/components/movers-card.tsx";
import { TopTen } from "#web/features/markets/components/top-ten.tsx";
import { NewsletterBox } from "#web/features/newsletter/components/newsletter-signup.tsx";
import { HOME_TITLE, useDocumentTitle } from "#web/lib/document-title.ts";

/**
 * Home (public-site.md §2): Daily Roundup, Trending Analysis, Crypto Top 10, Crypto 101 Guides;
 * the sidebar holds the ad placeholder, the movers, Trending Now and the newsletter box.
 */
export function HomeLayout({ newsletter }: { newsletter?: ReactNode }) {
  return (
    <div className="container page with-sidebar">
      {/* The page's one <h1>: the sections below are <h2>s, and the page needs a title to start from.
          Hidden: the header's logo already says it for sighted readers. */}
      <h1 className="visually-hidden">{HOME_TITLE}</h1>
      <div className="stack" style={{ gap: 36 }}>
        <DailyRoundupSection />
        <TrendingAnalysisSection />
        <TopTen />
        <GuidesSection />
      </div>
      <aside className="stack" aria-label="Sidebar">
        <AdSlot width={300} height={250} />
        <MoversCard kind="gainers" />
        <MoversCard kind="losers" />
        <TrendingNowCard />
        {/* Slot: the newsletter box (newsletter feature). */}
        {newsletter}
      </aside>
    </div>
  );
}

export default function HomePage() {
  useDocumentTitle(HOME_TITLE);
  return <HomeLayout newsletter={<NewsletterBox />} />;
}
