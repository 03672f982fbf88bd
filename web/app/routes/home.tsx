import { AdSlot } from "#web/components/ui/ad-slot.tsx";
import { MoversCard } from "#web/features/markets/components/movers-card.tsx";
import { TopTen } from "#web/features/markets/components/top-ten.tsx";
import { NewsletterBox } from "#web/features/newsletter/components/newsletter-signup.tsx";

export default function HomePage() {
  return (
    <div className="container page with-sidebar">
      <div className="stack" style={{ gap: 32 }}>
        <TopTen />
      </div>
      <aside className="stack" aria-label="Sidebar">
        <AdSlot width={300} height={250} />
        <MoversCard kind="gainers" />
        <MoversCard kind="losers" />
        <NewsletterBox />
      </aside>
    </div>
  );
}
