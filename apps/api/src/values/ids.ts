import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export const ID_PREFIXES = {
  account: "acc",
  apiKey: "key",
  personalAccessToken: "pat",
  oauthApp: "oap",
  oauthToken: "otk",
  oauthGrant: "ogr",
  request: "req",
  party: "pty",
  product: "prd",
  stockMovement: "stm",
  event: "evt",
  invoice: "inv",
  payment: "pay",
  creditNote: "crn",
  debitNote: "dbn",
  webhook: "whk",
  delivery: "dlv",
  productImport: "imp",
  member: "mem",
  session: "ses",
  invitation: "mbi",
  memberLink: "mbl",
  auditEntry: "aud",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const TWO_POW_40 = 2 ** 40;

let lastTime = 0;
/** The 80 random bits as two 40-bit halves: numbers hold them exactly, and BigInt costs more per id. */
let randomHigh = 0;
let randomLow = 0;

/** `value` (an integer below 2^53) as its last `chars` base32 digits. */
function base32(value: number, chars: number): string {
  let out = "";
  let rest = value;
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeTime(ms: number): string {
  return base32(ms, 10);
}

/**
 * Random bytes drawn 4 KiB at a time, as Node's randomUUID does: a draw for each id would cost the
 * call and a Buffer every time, for 10 bytes.
 * Ids are not secrets; their randomness keeps them unique across processes.
 */
const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

function nextRandom10(): number {
  if (randomOffset + 10 > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const offset = randomOffset;
  randomOffset += 10;
  return offset;
}

function fortyBits(bytes: Buffer, offset: number): number {
  return (bytes[offset] ?? 0) * 2 ** 32 + bytes.readUInt32BE(offset + 1);
}

/**
 * A ULID-style body: 48 bits of milliseconds and 80 random bits in lower-case Crockford base32, so
 * that ids sort by creation time (keyset pagination relies on it). Within one millisecond the random
 * part is incremented, keeping ids from one process strictly increasing.
 */
export function newId(kind: IdKind): string {
  const now = Date.now();
  if (now <= lastTime) {
    randomLow += 1;
    if (randomLow === TWO_POW_40) {
      randomLow = 0;
      randomHigh = (randomHigh + 1) % TWO_POW_40;
    }
  } else {
    lastTime = now;
    const offset = nextRandom10();
    randomHigh = fortyBits(randomPool, offset);
    randomLow = fortyBits(randomPool, offset + 5);
  }
  return `${ID_PREFIXES[kind]}_${encodeTime(lastTime)}${base32(randomHigh, 8)}${base32(randomLow, 8)}`;
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
