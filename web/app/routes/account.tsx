import { AccountPage } from "#web/features/account/components/account-page.tsx";
import { ManageBilling } from "#web/features/subscribe/components/manage-billing.tsx";

export default function AccountRoute() {
  return <AccountPage billing={<ManageBilling />} />;
}
