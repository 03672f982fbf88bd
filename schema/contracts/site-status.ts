import { z } from "zod";

/** GET /api/site-status: whether the site shows demo data, and from when (the demo-data notice). */
export const siteStatusSchema = z.object({
  demo: z.boolean(),
  /** The day the replayed market figures were recorded (YYYY-MM-DD), when demo. */
  demoDataFrom: z.string().nullable(),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;
