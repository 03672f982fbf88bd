import { Suspense } from "react";
import { Outlet } from "react-router";
import { DemoNotice } from "#web/components/demo-notice.tsx";
import { Toaster } from "#web/components/ui/toast.tsx";
import { MobileUserArea, UserArea } from "#web/features/account/components/user-area.tsx";
import { NotificationBell } from "#web/features/alerts/components/notification-bell.tsx";
import { LiveDot, LivePrices } from "#web/features/live-prices/components/live-prices.tsx";
import { MarketStrip } from "#web/features/market-strip/components/market-strip.tsx";
import { ConfirmationNotice } from "#web/features/newsletter/components/confirmation-notice.tsx";
import { FooterNewsletter } from "#web/features/newsletter/components/newsletter-signup.tsx";
import { AdFreeForPro } from "./ad-free.tsx";
import { AppReady } from "./app-ready.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { PageFallback } from "./page-fallback.tsx";
import { ScrollToTop } from "./scroll-to-top.tsx";

export function AppShell() {
  return (
    <>
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <DemoNotice />
      <LivePrices />
      <Header userArea={<UserArea />} mobileUserArea={<MobileUserArea />} bell={<NotificationBell />} live={<LiveDot />} />
      <MarketStrip />
      <main id="main">
        <AdFreeForPro>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <AppReady />
          </Suspense>
        </AdFreeForPro>
      </main>
      <Footer newsletter={<FooterNewsletter />} />
      <Toaster />
      <ConfirmationNotice />
    </>
  );
}
