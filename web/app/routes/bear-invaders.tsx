import { BearInvadersPage } from "#web/features/bear-invaders/components/bear-invaders-page.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function BearInvadersRoute() {
  useDocumentTitle("Bear Invaders");
  return <BearInvadersPage />;
}
