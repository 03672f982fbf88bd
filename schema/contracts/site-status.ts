import { z } from "zod";

/** GET /api/site-status: whether the site shows demo data, and what it replays (the demo-data notice and labels). */
export const siteStatusSchema = z.object({
  demo: z.boolean(),
  /** The day the replayed market figures were recorded (YYYY-MM-DD), when demo. */
  demoDataFrom: z.string().nullable(),
  /** When the replayed recording ends (ISO), when demo: figures shown as of then were reported then. */
  recordedAt: z.string().nullable(),
  /**
   * When the replay started (ISO), when the local seed recorded one: the recording's end was laid on
   * this moment, so a point shown at time t was recorded at t - (replayedAt - recordedAt), and figures
   * after it are modelled.
   */
  replayedAt: z.string().nullable(),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;
