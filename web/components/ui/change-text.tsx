import { isGain } from "#web/lib/format.ts";

/** A signed change text, green with an up arrow for gains and red with a down arrow otherwise. */
export function ChangeText({ value, arrow = false }: { value: string; arrow?: boolean }) {
  const up = isGain(value);
  return (
    <span className={`num ${up ? "gain" : "loss"}`}>
      {arrow ? <span aria-hidden="true">{up ? "▲ " : "▼ "}</span> : null}
      {value}
    </span>
  );
}
