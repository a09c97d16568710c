/**
 * mulberry32: a tiny, fast, seedable generator of numbers in [0, 1) (Math.random cannot be seeded).
 * The seed data and the generated test cases use it, so a run can be replayed from its seed.
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
