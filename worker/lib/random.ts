/** Deterministic randomness for the offline adapters: same seed, same numbers, on every runtime. */
import { prng } from "#schema/contracts/prng.ts";

export { prng };

/** 32-bit FNV-1a hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform float in [0, 1) fixed by the key. */
export function unit(key: string): number {
  return prng(hash32(key))();
}

/** A standard normal variate fixed by the key (Box-Muller). */
export function normal(key: string): number {
  const next = prng(hash32(key));
  const u = Math.max(next(), Number.EPSILON);
  const v = next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
