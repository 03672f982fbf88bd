import { Skeleton } from "#web/components/ui/skeleton.tsx";

/** Shown while a code-split page loads. */
export function PageFallback() {
  return (
    <div className="container page" role="status" aria-busy="true" aria-label="Loading page">
      <Skeleton width="40%" height={32} />
      <div className="stack" style={{ marginTop: 24 }}>
        <Skeleton height={120} />
        <Skeleton height={120} />
      </div>
    </div>
  );
}
