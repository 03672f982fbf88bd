import { dateTime } from "#web/lib/format.ts";

/** "2026-12-01 09:30 UTC": a schedule's time as the platform keeps it, to the minute. */
export function utcMinute(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;
}

/** The admin's own time zone, named (admin screens only: never rendered by the server). */
function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "your time";
  } catch {
    return "your time";
  }
}

/**
 * A time in UTC, the zone the platform acts in, with the admin's local time beside it, so a schedule
 * set from any zone reads unambiguously.
 */
export function UtcTime({ iso }: { iso: string }) {
  return (
    <span>
      <time dateTime={iso}>{utcMinute(iso)}</time>{" "}
      <span className="muted">
        ({dateTime(new Date(iso)).replace(/:\d\d (AM|PM)$/, " $1")} {localZone()})
      </span>
    </span>
  );
}
