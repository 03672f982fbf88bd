import type { AnswerTable } from "#schema/contracts/ask-free-types.ts";
import styles from "./free.module.css";

/** The server's tables inside an answer: built from its figures, never typed by the writer. */
export function AnswerTables({ tables }: { tables: AnswerTable[] }) {
  return (
    <>
      {tables.map((t) => (
        <div key={`${t.title}:${t.columns.map((c) => c.key).join()}`} className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t.title}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.left}>
                  Coin
                </th>
                {t.columns.map((c) => (
                  <th key={c.key} scope="col" className={c.numeric ? undefined : styles.left}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((r) => (
                <tr key={`${r.symbol}-${r.name}`}>
                  <th scope="row" className={styles.left}>
                    {r.name} <span className="muted">{r.symbol.toUpperCase()}</span>
                  </th>
                  {r.cells.map((cell, j) => (
                    <td
                      key={t.columns[j]?.key ?? j}
                      className={[
                        t.columns[j]?.numeric ? "num" : styles.left,
                        cell.tone === "up" ? "gain" : cell.tone === "down" ? "loss" : "",
                      ]
                        .filter(Boolean)
                        .join(" ")}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {t.note ? <p className={styles.tableNote}>{t.note}</p> : null}
        </div>
      ))}
    </>
  );
}
