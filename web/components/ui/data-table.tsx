import type { ReactNode } from "react";
import styles from "./data-table.module.css";

/**
 * The admin pages' table: a horizontal scroller on narrow screens, column headers, and the rows the
 * caller renders. `className` lets a page hide columns on phones.
 */
export function DataTable({
  columns,
  children,
  align = "top",
  className,
}: {
  columns: readonly string[];
  children: ReactNode;
  align?: "top" | "middle";
  className?: string;
}) {
  const classes = [styles.table, align === "middle" ? styles.middle : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={styles.scroller}>
      <table className={classes}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The admin pages' list of rich rows (articles, outbox messages): bordered, no bullets. */
export function RowList({ children }: { children: ReactNode }) {
  return <ul className={styles.rows}>{children}</ul>;
}
