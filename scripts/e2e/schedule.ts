import type { Page } from "playwright-core";

/** The desk's field takes whole minutes: the time is the next minute at least this far ahead. */
export const LEAD_MS = 25_000;

/**
 * Schedules the open article from the editor's Schedule card, as an admin does: types the next whole
 * minute at least LEAD_MS ahead (UTC), checks the local-time echo, presses Schedule and waits for the
 * card to show it. Answers the time and its "YYYY-MM-DD HH:MM UTC" form.
 */
export async function scheduleOnDesk(page: Page): Promise<{ at: Date; utc: string }> {
  const card = page.getByRole("region", { name: "Schedule" });
  await card.getByText("Not scheduled.").waitFor();
  const at = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  const utc = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;
  await card.getByLabel("Publish at (UTC)").fill(at.toISOString().slice(0, 16));
  // The admin's own time of the same moment is shown beside the field before anything is sent.
  await card.getByTestId("schedule-local").getByText(utc).waitFor();
  await card.getByRole("button", { name: "Schedule", exact: true }).click();
  await card
    .getByTestId("schedule-state")
    .filter({ hasText: `Publishes at ${utc}` })
    .waitFor();
  return { at, utc };
}
