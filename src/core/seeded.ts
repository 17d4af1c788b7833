/**
 * The one seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed, so a
 * replay, a generated scenario or a learner's shuffled choices come out the same every time (no
 * Math.random in the core). Used by the vector lesson's data, the choices' order and the benchmarks.
 */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
