import { MethodologyView } from "#web/features/methodology/methodology-view.tsx";

/** /methodology. */
export default function MethodologyPage() {
  return (
    <div className="container page">
      <MethodologyView />
    </div>
  );
}
