/** The KV key of the market table's 7-day sparklines (a module without Worker types, for the seed script too). */
export const SPARKLINE_KEY = "sparklines:7d";
