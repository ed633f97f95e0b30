/** The median and the largest of a bench's timings (the median of an even count: the mean of the middle two). */
export type Stats = { p50: number; max: number };

export function stats(xs: readonly number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const p50 = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return { p50, max: s.at(-1)! };
}
