import type { ClaimCheck } from "#schema/contracts/editorial.ts";
import styles from "./readings.module.css";

type Reading = NonNullable<ClaimCheck["readings"]>[number];
type Claim = Reading["claims"][number];

const KIND: Record<Claim["kind"], string> = {
  value: "states the value of",
  direction: "gives the direction of",
  rank: "gives a place by",
  comparison: "compares",
  count: "counts",
  share: "gives a share of",
  range: "gives the range of",
  usual: "compares with the usual move of",
};

/** A claim in the desk's words: "Bitcoin: gives the direction of change (down) over 24h, citing bitcoin.change_24h". */
export function claimText(c: Claim): string {
  const who = c.subject ?? c.group ?? "the market";
  const direction = c.direction == null ? "" : c.direction > 0 ? " (up)" : c.direction < 0 ? " (down)" : " (flat)";
  const parts = [
    `${who}: ${KIND[c.kind]} ${c.metric}${direction}`,
    c.period ? ` over ${c.period}` : "",
    c.versus ? ` against ${c.versus}` : "",
    c.scope ? ` within ${c.scope}` : "",
  ];
  return `${parts.join("")}${c.facts.length ? `, citing ${c.facts.join(", ")}` : ", citing no fact"}`;
}

const FRAME: Record<string, string> = {
  hedge: "a listed caution",
  connective: "a listed link between sentences",
  heading: "a listed heading",
  notice: "a listed notice",
  none: "no sentence form reads it",
};

/**
 * Every sentence of the checked text with its reading and verdict (issue 41): what the check read it
 * as claiming, the facts each claim cites, and what disagrees. Held sentences lead the eye in the
 * warning colour; the list opens by itself when any sentence is held.
 */
export function ReadingsList({ readings }: { readings: Reading[] }) {
  const held = readings.filter((r) => r.verdict === "held").length;
  return (
    <details className={styles.readings} open={held > 0} data-testid="sentence-readings">
      <summary>
        Sentence readings: {readings.length} {readings.length === 1 ? "sentence" : "sentences"}
        {held ? `, ${held} held` : ", all read"}
      </summary>
      {/* A scrolling list: focusable and named, so a keyboard can reach and scroll it (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must take focus for keyboard scrolling (WCAG 2.1.1) */}
      <section className={styles.scroller} aria-label="Sentence readings" tabIndex={0}>
        <ol>
          {readings.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a text may repeat a sentence; its place is its identity
            <li key={i} className={r.verdict === "held" ? styles.heldSentence : styles.readSentence} data-verdict={r.verdict}>
              <p className={styles.sentence}>
                <span className={styles.verdict}>{r.verdict === "held" ? "Held" : "Reads"}</span> <q>{r.sentence}</q>
                {r.coins.length ? <span className={styles.coins}> ({r.coins.join(", ")})</span> : null}
              </p>
              {r.claims.length ? (
                <ul className={styles.claims}>
                  {r.claims.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: claims have no id; their order is the sentence's
                    <li key={j}>{claimText(c)}</li>
                  ))}
                </ul>
              ) : (
                <p className={styles.frame}>Reading: {FRAME[r.frame] ?? r.frame}</p>
              )}
              {r.problems.length ? (
                <ul className={styles.problems} aria-label="What disagrees">
                  {r.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </details>
  );
}
