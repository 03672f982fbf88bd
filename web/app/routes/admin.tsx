import { OverviewTab } from "#web/features/admin-overview/components/overview-tab.tsx";
import { AdminShell, type AdminTab, type AdminUser } from "../layout/admin-shell.tsx";

/** The admin panel's tabs, in order. Users, Chart Mappings and Articles join here as their features land. */
const ADMIN_TABS: readonly AdminTab[] = [{ key: "overview", label: "Overview", render: () => <OverviewTab /> }];

/** /admin. The admin gate (accounts work) wraps this page and passes the signed-in admin. */
export default function AdminPage({ user }: { user?: AdminUser | null }) {
  return <AdminShell tabs={ADMIN_TABS} user={user} />;
}
