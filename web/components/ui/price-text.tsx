/**
 * A price as the data gives it ("$76,187.07"), with a run of four or more zeros after the point
 * written as CoinGecko writes it, "$0.0₆1462" for "$0.0000001462": the table's price column holds
 * it on a phone, where the long form ran into the 24 h change. Screen readers hear the full figure.
 */
const LONG_ZEROS = /^(\D*)0\.(0{4,})(\d+)$/;

export function PriceText({ text }: { text: string }) {
  const m = LONG_ZEROS.exec(text);
  if (!m) return <>{text}</>;
  const [, sign = "", zeros = "", digits = ""] = m;
  return (
    <span title={text}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true" data-testid="price-compact">
        {sign}0.0<sub className="price-zeros">{zeros.length}</sub>
        {digits}
      </span>
    </span>
  );
}
