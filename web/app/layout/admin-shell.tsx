import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Tabs } from "#web/components/ui/tabs.tsx";
import styles from "./admin-shell.module.css";

/** One tab of the admin panel; its panel renders only while it is selected. */
export type AdminTab = { key: string; label: string; render: () => ReactNode };

/** The signed-in admin, as the admin gate hands it over. */
export type AdminUser = { firstName?: string | null; email?: string | null; role: string };

/** Room kept beside a tab scrolled into view, so the arrow over the edge never covers it. */
const EDGE = 44;

/**
 * On a narrow screen the tab bar scrolls: the selected tab is brought wholly into view, and a fade
 * with an arrow (which scrolls on a click) shows on each side that has more tabs.
 */
function useScrollingTabs(selected: string | undefined) {
  const bar = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the selected tab changes, to bring it into view
  useEffect(() => {
    const list = bar.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const update = () => setMore({ left: list.scrollLeft > 2, right: list.scrollLeft + list.clientWidth < list.scrollWidth - 2 });
    const tab = list.querySelector<HTMLElement>('[aria-selected="true"]');
    if (tab) {
      const start = tab.offsetLeft - EDGE;
      const end = tab.offsetLeft + tab.offsetWidth + EDGE - list.clientWidth;
      // The first tab starts the bar: it is never left partly hidden.
      if (tab === list.firstElementChild || list.scrollLeft > start) list.scrollLeft = Math.max(0, start);
      else if (list.scrollLeft < end) list.scrollLeft = end;
    }
    update();
    list.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      list.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [selected]);
  const scroll = (direction: 1 | -1) => {
    const list = bar.current?.querySelector<HTMLElement>('[role="tablist"]');
    list?.scrollBy({ left: direction * list.clientWidth * 0.6 });
  };
  return { bar, more, scroll };
}

/** The admin panel's frame: title, who is signed in, and the tab bar (selected tab in ?tab=). */
export function AdminShell({ tabs, user }: { tabs: readonly AdminTab[]; user?: AdminUser | null }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const active = tabs.find((t) => t.key === params.get("tab")) ?? first;
  const { bar, more, scroll } = useScrollingTabs(active?.key);
  if (!first || !active) return null;
  const who = user ? user.firstName || user.email : null;
  return (
    <div className="container page">
      <div className="section-head">
        <h1 className="page-title">Admin Panel</h1>
        {who ? (
          <p className="muted" style={{ margin: 0 }}>
            Signed in as {who}
          </p>
        ) : null}
      </div>
      <div ref={bar} className={styles.tabBar} data-more-left={more.left || undefined} data-more-right={more.right || undefined}>
        <Tabs
          items={tabs}
          value={active.key}
          onChange={(key) => setParams(key === first.key ? {} : { tab: key })}
          label="Admin sections"
          idPrefix="admin"
        />
        {/* Pointer aids only: the tabs themselves stay reachable with Tab and the arrow keys. */}
        {more.left ? (
          <button type="button" tabIndex={-1} aria-hidden="true" className={`${styles.more} ${styles.moreLeft}`} onClick={() => scroll(-1)}>
            ‹
          </button>
        ) : null}
        {more.right ? (
          <button type="button" tabIndex={-1} aria-hidden="true" className={`${styles.more} ${styles.moreRight}`} onClick={() => scroll(1)}>
            ›
          </button>
        ) : null}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${active.key}`} style={{ marginTop: 20 }}>
        {active.render()}
      </div>
    </div>
  );
}
