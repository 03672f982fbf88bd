import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Tabs } from "#web/components/ui/tabs.tsx";

/** One tab of the admin panel; its panel renders only while it is selected. */
export type AdminTab = { key: string; label: string; render: () => ReactNode };

/** The signed-in admin, as the admin gate hands it over. */
export type AdminUser = { firstName?: string | null; email?: string | null; role: string };

/** The admin panel's frame: title, who is signed in, and the tab bar (selected tab in ?tab=). */
export function AdminShell({ tabs, user }: { tabs: readonly AdminTab[]; user?: AdminUser | null }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const active = tabs.find((t) => t.key === params.get("tab")) ?? first;
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
      <Tabs
        items={tabs}
        value={active.key}
        onChange={(key) => setParams(key === first.key ? {} : { tab: key })}
        label="Admin sections"
        idPrefix="admin"
      />
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${active.key}`} style={{ marginTop: 20 }}>
        {active.render()}
      </div>
    </div>
  );
}
