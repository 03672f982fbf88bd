import type { AlertKind } from "#schema/contracts/alert-rules.ts";
import type { EventText } from "./describe.ts";

/** An event about to be recorded; `eventKey` names it so that it is recorded once per alert. */
export type NewEvent = EventText & { userId: string; alertId: number; eventKey: string; kind: AlertKind; symbol: string };

export type RecordedEvent = {
  id: number;
  user_id: string;
  alert_id: number;
  kind: AlertKind;
  symbol: string;
  title: string;
  body: string;
  href: string;
  as_of: string;
};

// One statement however many events: the rows travel as one JSON parameter (D1 binds at most 100
// values per statement). An event already recorded for the alert is skipped, and only the rows
// this statement inserted come back: they, and only they, are delivered.
const INSERT_EVENTS = `
INSERT INTO alert_events (user_id, alert_id, event_key, kind, symbol, title, body, href, as_of)
SELECT j.value ->> '$.userId', j.value ->> '$.alertId', j.value ->> '$.eventKey', j.value ->> '$.kind',
  j.value ->> '$.symbol', j.value ->> '$.title', j.value ->> '$.body', j.value ->> '$.href', j.value ->> '$.asOf'
FROM json_each(?1) AS j WHERE true
ON CONFLICT (alert_id, event_key) DO NOTHING
RETURNING id, user_id, alert_id, kind, symbol, title, body, href, as_of`;

export async function recordEvents(db: D1Database, events: readonly NewEvent[]): Promise<{ rows: RecordedEvent[]; rowsRead: number }> {
  if (events.length === 0) return { rows: [], rowsRead: 0 };
  const result = await db.prepare(INSERT_EVENTS).bind(JSON.stringify(events)).all<RecordedEvent>();
  return { rows: result.results, rowsRead: result.meta.rows_read ?? 0 };
}
