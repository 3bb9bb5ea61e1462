import fc from "fast-check";
import { expect, it, vi } from "vitest";
import { firstIdAt, newId, timeOfId } from "../src/values/ids.js";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const BODY = /^inv_[0-9a-hjkmnp-tv-z]{26}$/;
/** The mocked clock only moves forward: a clock set back keeps the last millisecond, by design. */
let clock = Date.now();

/** The body as the ULID layout defines it: 128 bits, big-endian, in 26 base32 digits. */
function reference(ms: number, random: bigint): string {
  let value = (BigInt(ms) << 80n) | random;
  let out = "";
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function idsAt(ms: number, count: number): string[] {
  vi.spyOn(Date, "now").mockReturnValue(ms);
  try {
    return Array.from({ length: count }, () => newId("invoice"));
  } finally {
    vi.restoreAllMocks();
  }
}

it("writes the millisecond and 80 random bits as the ULID layout does, and increments within a millisecond", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 2, max: 50 }), (gap, count) => {
      clock += gap;
      const ms = clock;
      const ids = idsAt(ms, count);
      for (const id of ids) expect(id).toMatch(BODY);
      expect(timeOfId(ids[0] ?? "").getTime()).toBe(ms);
      const body = (ids[0] ?? "").slice(4);
      let random = 0n;
      for (const char of body.slice(10)) random = random * 32n + BigInt(ALPHABET.indexOf(char));
      expect(ids.map((id) => id.slice(4))).toEqual(ids.map((_, i) => reference(ms, random + BigInt(i))));
    }),
    { numRuns: 200 },
  );
});

it("sorts ids by the time they were made, and firstIdAt is below every id of its millisecond", () => {
  const base = clock + 1;
  clock = base + 90;
  const ids = [...idsAt(base, 2), ...idsAt(base + 1, 1), ...idsAt(base + 90, 3)];
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  expect(firstIdAt("invoice", new Date(base + 90)) < (ids[3] ?? "")).toBe(true);
  expect(firstIdAt("invoice", new Date(base + 91)) > (ids[5] ?? "")).toBe(true);
});

it("keeps every bit of the last millisecond a 48-bit clock can hold", () => {
  const [id] = idsAt(2 ** 48 - 1, 1);
  expect(id?.slice(4, 14)).toBe("7zzzzzzzzz");
  expect(timeOfId(id ?? "").getTime()).toBe(2 ** 48 - 1);
});
