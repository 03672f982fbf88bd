import "./ui.css";

/** assistant-plans-admin.md §9: chart mapping coverage reads green at 75 % or above. */
export const COVERAGE_GREEN_AT = 75;

export function CoverageBadge({ coverage }: { coverage: number }) {
  const good = coverage >= COVERAGE_GREEN_AT;
  return (
    <span className={`badge ${good ? "badge-green" : "badge-warn"}`} data-testid="coverage-badge" data-good={good}>
      {coverage.toFixed(1)}% coverage
    </span>
  );
}
