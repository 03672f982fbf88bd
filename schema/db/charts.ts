import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * TradingView chart mappings, one per coin symbol (uppercase), set by admins. A symbol of
 * "FAILED" records that no TradingView market exists for the coin (no widget; our own chart only).
 */
export const tradingviewMappings = sqliteTable(
  "tradingview_mappings",
  {
    symbol: text("symbol").primaryKey(),
    coinName: text("coin_name").notNull(),
    tradingviewSymbol: text("tradingview_symbol").notNull(),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    updatedAt: text("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (t) => [index("tradingview_mappings_hidden_idx").on(t.isHidden)],
);
