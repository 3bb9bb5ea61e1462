/**
 * Seeded pseudo-random numbers for the simulator (mulberry32: small, fast, good enough for latency
 * and fault sampling; not for secrets the simulator does not have).
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** A standard normal sample (Box–Muller). */
  normal(): number;
  /** Hex text of `bytes` random bytes. */
  hex(bytes: number): string;
  /** `bytes` random bytes. */
  bytes(count: number): Buffer;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const bytes = (count: number) => {
    const out = Buffer.alloc(count);
    for (let i = 0; i < count; i++) out[i] = Math.floor(next() * 256);
    return out;
  };
  return {
    next,
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    hex: (count) => bytes(count).toString("hex"),
    bytes,
  };
}

/** Independent streams from one seed, so that one stream's use does not shift another's. */
export function deriveSeed(seed: number, stream: number): number {
  let z = (seed + Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}
