import { UnsubscribeView } from "#web/features/newsletter/components/unsubscribe-view.tsx";

export default function UnsubscribePage() {
  return (
    <div className="container page">
      <UnsubscribeView />
    </div>
  );
}
