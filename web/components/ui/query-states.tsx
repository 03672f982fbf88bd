import { Button } from "./button.tsx";
import { Notice } from "./notice.tsx";
import { Skeleton } from "./skeleton.tsx";

/** A list's loading state: two placeholder rows of its own height, announced as busy. */
export function LoadingRows({ label, height }: { label: string; height: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={height} />
      <Skeleton height={height} />
    </div>
  );
}

/** A list's error state: "Unable to load {what}." with a retry that keeps the rest of the page. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Notice tone="error">
      Unable to load {what}.{" "}
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}
