import { BearInvadersPage } from "#web/features/bear-invaders/components/bear-invaders-page.tsx";

export default function BearInvadersRoute() {
  return <BearInvadersPage />;
}
