import { queryOptions } from "@tanstack/react-query";
import { chartExchanges, chartQuotes, FAILED_MAPPING } from "#schema/contracts/chart-symbols.ts";
import type { Mapping, MappingBody } from "#schema/contracts/charts.ts";
import { HttpError } from "./api.ts";
import { request } from "./api-client.ts";
import { type FieldErrors, fieldErrorsOf } from "./field-errors.ts";

/** Chart mappings, shared by the coin page's chart and the admin Chart Mappings tab. */

export const EXCHANGES = chartExchanges;
export const QUOTES = chartQuotes;
export const EXCHANGE_LABELS: Record<(typeof chartExchanges)[number], string> = {
  CRYPTO: "CRYPTO (Generic)",
  COINBASE: "COINBASE",
  BINANCE: "BINANCE",
  OKX: "OKX",
  BYBIT: "BYBIT",
  KUCOIN: "KUCOIN",
  MEXC: "MEXC",
};

/** assistant-plans-admin.md §5: {exchange override, else chosen exchange}:{SYMBOL uppercase}{quote}. */
export function buildChartSymbol(input: { exchange: string; exchangeOverride?: string; symbol: string; quote: string }): string {
  const exchange = (input.exchangeOverride?.trim() || input.exchange).toUpperCase();
  return `${exchange}:${input.symbol.trim().toUpperCase()}${input.quote}`;
}

/** assistant-plans-admin.md §5: where a coin of this rank is most likely listed. */
export function rankHint(rank: number): string {
  if (rank <= 100) return "MEXC/OKX";
  if (rank <= 300) return "OKX/KuCoin";
  return "KuCoin/Gate.io";
}

/**
 * The coin's mapping said as a sentence for admins (no raw "FAILED"): mapped to a symbol,
 * marked as having no TradingView market, or not mapped yet.
 */
export function mappingSentence(mapping: Pick<Mapping, "tradingviewSymbol"> | null | undefined): string {
  const s = mapping?.tradingviewSymbol;
  if (!s) return "Not mapped to TradingView yet: readers see Coinsight's own chart.";
  if (s === FAILED_MAPPING) return "TradingView could not load this symbol: readers see Coinsight's own chart.";
  return `Shown with TradingView's ${s} chart.`;
}

/** A mapping that opens the TradingView widget (FAILED and none do not). */
export function usableSymbol(mapping: Pick<Mapping, "tradingviewSymbol"> | null | undefined): string | null {
  const s = mapping?.tradingviewSymbol;
  return s && s !== FAILED_MAPPING ? s : null;
}

/** The symbol cache in local storage (assistant-plans-admin.md §3, §7): the last saved mapping per coin, and whether only this browser has it. */
export const SYMBOL_CACHE_KEY = "tradingview-symbol-cache";
export type CachedMapping = Mapping & { coinName: string; localOnly: boolean; savedAt: string };

export function readSymbolCache(): Record<string, CachedMapping> {
  try {
    const parsed = JSON.parse(localStorage.getItem(SYMBOL_CACHE_KEY) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, CachedMapping>) : {};
  } catch {
    return {};
  }
}

function writeSymbolCache(symbol: string, entry: CachedMapping): void {
  try {
    localStorage.setItem(SYMBOL_CACHE_KEY, JSON.stringify({ ...readSymbolCache(), [symbol.toUpperCase()]: entry }));
  } catch {
    // Storage refused (private mode, full): the server copy is still the truth.
  }
}

export const mappingKeys = {
  one: (symbol: string) => ["chart-mapping", symbol.toUpperCase()] as const,
  unmapped: ["admin", "unmapped-cryptos"] as const,
  stats: ["admin", "stats"] as const,
};

/**
 * A coin's mapping. A mapping this browser could only keep locally (assistant-plans-admin.md §8) wins over the server's
 * answer here, so the admin who made it sees it until a save reaches the server.
 */
export function mappingQuery(symbol: string) {
  return queryOptions({
    queryKey: mappingKeys.one(symbol),
    queryFn: async (): Promise<Mapping & { localOnly: boolean }> => {
      const local = readSymbolCache()[symbol.toUpperCase()];
      if (local?.localOnly) return { tradingviewSymbol: local.tradingviewSymbol, isHidden: local.isHidden, localOnly: true };
      const server = await request("getChartMapping", { params: { symbol: symbol.toUpperCase() } });
      return { ...server, localOnly: false };
    },
  });
}

export type SaveResult =
  | { outcome: "saved"; mapping: Mapping }
  | { outcome: "local"; mapping: Mapping; error: string }
  | { outcome: "refused"; fields: FieldErrors; error: string };

function messageOf(error: unknown): string {
  return error instanceof HttpError ? (error.serverMessage ?? error.message) : (error as Error).message;
}

/**
 * POST /api/tradingview-mappings. A 400 with field messages is the admin's input being wrong: it is
 * "refused", stored nowhere, and the form shows the messages by their fields. Any other failure (no
 * answer, a 5xx, a lapsed session...) keeps the mapping in local storage only (assistant-plans-admin.md §8)
 * and the caller says so. docs/decisions/charts/refused-mapping-stays-in-the-form.md
 */
export async function saveMapping(body: MappingBody): Promise<SaveResult> {
  const entry = { coinName: body.coinName, savedAt: new Date().toISOString() };
  try {
    const mapping = await request("saveChartMapping", { body });
    writeSymbolCache(body.symbol, { ...mapping, ...entry, localOnly: false });
    return { outcome: "saved", mapping };
  } catch (error) {
    const fields = error instanceof HttpError && error.status === 400 ? fieldErrorsOf(error) : {};
    if (Object.keys(fields).length) return { outcome: "refused", fields, error: messageOf(error) };
    const mapping = { tradingviewSymbol: body.tradingViewSymbol, isHidden: body.isHidden };
    writeSymbolCache(body.symbol, { ...mapping, ...entry, localOnly: true });
    return { outcome: "local", mapping, error: messageOf(error) };
  }
}
