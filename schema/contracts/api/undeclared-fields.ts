/**
 * Where `input` has object keys that the parsed `output` dropped: fields the schema does not declare.
 * zod strips unknown keys, so an answer can parse while carrying fields no client was told about; the
 * worker's answer check and the web's MSW fakes both refuse them with this one rule.
 */
export function undeclaredFields(input: unknown, output: unknown, path = ""): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((item, i) => undeclaredFields(item, output[i], `${path}${path ? "." : ""}${i}`));
  if (!input || typeof input !== "object" || !output || typeof output !== "object") return [];
  const out = output as Record<string, unknown>;
  return Object.entries(input as Record<string, unknown>).flatMap(([key, value]) => {
    const at = `${path}${path ? "." : ""}${key}`;
    return key in out ? undeclaredFields(value, out[key], at) : [at];
  });
}
