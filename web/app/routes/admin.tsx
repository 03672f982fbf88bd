import { lazy, type ReactNode, Suspense } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { MappingsTab } from "#web/features/admin-mappings/components/mappings-tab.tsx";
import { OutboxTab } from "#web/features/admin-outbox/components/outbox-tab.tsx";
import { OverviewTab } from "#web/features/admin-overview/components/overview-tab.tsx";
import { StatsBlock } from "#web/features/admin-stats/components/stats-block.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { AdminGate } from "../layout/admin-gate.tsx";
import { AdminShell, type AdminTab } from "../layout/admin-shell.tsx";

// The desk's tabs load with their first visit, not with the panel.
const UsersTab = lazy(() => import("#web/features/admin-users/components/users-tab.tsx").then((m) => ({ default: m.UsersTab })));
const ArticlesTab = lazy(() => import("#web/features/editorial/components/articles-tab.tsx").then((m) => ({ default: m.ArticlesTab })));
const TagsTab = lazy(() => import("#web/features/editorial/components/tags-tab.tsx").then((m) => ({ default: m.TagsTab })));
const lazyTab = (tab: ReactNode) => <Suspense fallback={<Skeleton height={240} />}>{tab}</Suspense>;

/** The admin panel's tabs, in the spec's order (Overview, Users, Chart Mappings, Articles), then the desk's Tags; the Outbox stays last. */
const ADMIN_TABS: readonly AdminTab[] = [
  { key: "overview", label: "Overview", render: () => <OverviewTab stats={<StatsBlock />} /> },
  { key: "users", label: "Users", render: () => lazyTab(<UsersTab />) },
  { key: "mappings", label: "Chart Mappings", render: () => <MappingsTab /> },
  { key: "articles", label: "Articles", render: () => lazyTab(<ArticlesTab />) },
  { key: "tags", label: "Tags", render: () => lazyTab(<TagsTab />) },
  { key: "outbox", label: "Outbox", render: () => <OutboxTab /> },
];

/** /admin: admins only (the server refuses everyone else's calls too). */
export default function AdminPage() {
  useDocumentTitle("Admin Panel");
  return <AdminGate>{(user) => <AdminShell tabs={ADMIN_TABS} user={user} />}</AdminGate>;
}
