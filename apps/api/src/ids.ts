import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export const ID_PREFIXES = {
  account: "acc",
  apiKey: "key",
  request: "req",
  party: "pty",
  product: "prd",
  stockMovement: "stm",
  event: "evt",
  invoice: "inv",
  payment: "pay",
  creditNote: "crn",
  webhook: "whk",
  delivery: "dlv",
  productImport: "imp",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = 0;
let lastRandom: Uint8Array = new Uint8Array(10);

function encode(bytes: Uint8Array, chars: number): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = "";
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function encodeTime(ms: number): string {
  const time = new Uint8Array(6);
  let t = ms;
  for (let i = 5; i >= 0; i--) {
    time[i] = t % 256;
    t = Math.floor(t / 256);
  }
  return encode(time, 10);
}

function increment(bytes: Uint8Array): Uint8Array {
  const next = Uint8Array.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    next[i] = ((next[i] ?? 0) + 1) & 0xff;
    if (next[i] !== 0) break;
  }
  return next;
}

/**
 * A ULID-style body: 48 bits of milliseconds and 80 random bits in lower-case Crockford base32, so
 * that ids sort by creation time (keyset pagination relies on it). Within one millisecond the random
 * part is incremented, keeping ids from one process strictly increasing.
 */
export function newId(kind: IdKind): string {
  const now = Date.now();
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = randomBytes(10);
  }
  return `${ID_PREFIXES[kind]}_${encodeTime(lastTime)}${encode(lastRandom, 16)}`;
}

/** The smallest id of this kind made at or after `time`: a time range as a range of keys. */
export function firstIdAt(kind: IdKind, time: Date): string {
  return `${ID_PREFIXES[kind]}_${encodeTime(Math.max(0, time.getTime()))}${"0".repeat(16)}`;
}

/** The millisecond an id was made in, read back from its body. */
export function timeOfId(id: string): Date {
  const body = id.slice(id.indexOf("_") + 1, id.indexOf("_") + 11);
  let ms = 0;
  for (const char of body) ms = ms * 32 + ALPHABET.indexOf(char);
  return new Date(ms);
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${ID_PREFIXES[kind]}_`);
}
