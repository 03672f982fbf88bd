import { Button } from "./button.tsx";
import "./ui.css";

/** Previous/Next with numbered buttons for the first `maxButtons` pages. */
export function Pagination({
  page,
  totalPages,
  onPage,
  maxButtons = 5,
  label = "Pages",
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  maxButtons?: number;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const numbers = Array.from({ length: Math.min(totalPages, maxButtons) }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {numbers.map((n) => (
        <Button
          key={n}
          variant="outline"
          size="sm"
          aria-current={n === page ? "page" : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
