import { MappingsTab } from "#web/features/admin-mappings/components/mappings-tab.tsx";
import { OutboxTab } from "#web/features/admin-outbox/components/outbox-tab.tsx";
import { OverviewTab } from "#web/features/admin-overview/components/overview-tab.tsx";
import { StatsBlock } from "#web/features/admin-stats/components/stats-block.tsx";
import { AdminGate } from "../layout/admin-gate.tsx";
import { AdminShell, type AdminTab } from "../layout/admin-shell.tsx";

/** The admin panel's tabs, in order. Users, Chart Mappings and Articles join here as their features land. */
const ADMIN_TABS: readonly AdminTab[] = [
  { key: "overview", label: "Overview", render: () => <OverviewTab stats={<StatsBlock />} /> },
  { key: "mappings", label: "Chart Mappings", render: () => <MappingsTab /> },
  { key: "outbox", label: "Outbox", render: () => <OutboxTab /> },
];

/** /admin: admins only (the server refuses everyone else's calls too). */
export default function AdminPage() {
  return <AdminGate>{(user) => <AdminShell tabs={ADMIN_TABS} user={user} />}</AdminGate>;
}
