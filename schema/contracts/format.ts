/**
 * How prices, changes and supplies read, everywhere: the API's display fields, every page, the
 * charts' legends, the converter and Ask's answers all format through these, so one price has one
 * text. Spelled by hand rather than with Intl: the first Intl formatter loads locale data, which cost
 * a phone about 100 ms on the first screen.
 */

/** How every figure the data does not have reads: never 0, never an invented number. */
export const UNKNOWN = "\u2014";

/** "64,039" from "64039": groups of three digits. */
function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A positive number below 1 to `digits` significant digits, without exponent or trailing zeros. */
function significant(value: number, digits: number): string {
  const decimals = Math.min(20, digits - 1 - Math.floor(Math.log10(value)));
  return value.toFixed(decimals).replace(/\.?0+$/, "");
}

/**
 * "$64,039.00" from a dollar up, four significant digits below ("$0.9995", "$0.0000002672"); an
 * unknown (null) price reads "—" and a zero or invalid one "$0.00".
 */
export function formatPrice(value: number | null | undefined): string {
  if (value == null) return UNKNOWN;
  if (!Number.isFinite(value) || value <= 0) return "$0.00";
  const rounded = Number(value.toPrecision(4));
  if (rounded >= 1) {
    const [whole = "0", cents = "00"] = Math.max(value, 1).toFixed(2).split(".");
    return `$${group(whole)}.${cents}`;
  }
  return `$${significant(rounded, 4)}`;
}

/** "+2.31%" or "-0.52%"; an unknown change reads "0.00%" (pages show "—" for it from the null number). */
export function formatChange(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return "0.00%";
  const text = Math.abs(value).toFixed(2);
  return `${value < 0 && text !== "0.00" ? "-" : "+"}${text}%`;
}

/** A price in BTC (or in another coin: ETH) with 8 decimals (12 below a satoshi). */
export function formatBtc(price: number, btcPrice: number): string {
  if (!(btcPrice > 0) || !Number.isFinite(price)) return "0.00000000";
  const inBtc = price / btcPrice;
  return inBtc.toFixed(inBtc >= 1e-8 ? 8 : 12);
}

const SCALES: [number, string][] = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
];

/** "37.26 B", "183.24 M", "1.02 T", or whole and grouped below a million ("812,400"). */
export function formatAmount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return UNKNOWN;
  const abs = Math.abs(value);
  for (const [size, unit] of SCALES) if (abs >= size) return `${(value / size).toFixed(2)} ${unit}`;
  if (abs > 0 && abs < 1) return significant(abs, 4).replace(/^/, value < 0 ? "-" : "");
  return `${value < 0 ? "-" : ""}${group(Math.round(abs).toString())}`;
}

/** A supply: "37.26 B coins", or "21.00 M BTC" with a unit; unknown reads "—". */
export function formatSupply(value: number | null | undefined, unit = "coins"): string {
  return value == null || !Number.isFinite(value) ? UNKNOWN : `${formatAmount(value)} ${unit}`;
}

/** An amount of coins a conversion gave: 8 significant digits, grouped ("1,234.5678", "0.00001234"). */
export function formatUnits(value: number): string {
  if (!Number.isFinite(value) || value === 0) return "0";
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  if (abs < 1) return `${sign}${significant(abs, 8)}`;
  const places = Math.max(0, 8 - Math.floor(Math.log10(abs)) - 1);
  const [whole = "0", fraction = ""] = abs.toFixed(Math.min(places, 20)).split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${sign}${group(whole)}${trimmed ? `.${trimmed}` : ""}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "30 April 2026" for a "2026-04-30" day (the date as written, whatever the reader's time zone). */
export function longDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const month = MONTHS[(m ?? 0) - 1];
  return y && month && d ? `${d} ${month} ${y}` : day;
}
