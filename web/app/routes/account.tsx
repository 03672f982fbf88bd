import { AccountPage } from "#web/features/account/components/account-page.tsx";
import { PaymentHistory, PlanRenewal } from "#web/features/billing/components/billing-history.tsx";
import { ManageBilling } from "#web/features/billing/components/manage-billing.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function AccountRoute() {
  useDocumentTitle("My Account");
  return <AccountPage billing={<ManageBilling />} renewal={<PlanRenewal />} payments={<PaymentHistory />} />;
}
