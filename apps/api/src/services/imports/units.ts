import { isUqc, type Uqc } from "@bahi/gst";

/** Units as people write them, lower-cased, to the GST portal's codes (UQC). */
const UNIT_WORDS: Readonly<Record<string, Uqc>> = {
  pc: "PCS",
  piece: "PCS",
  pieces: "PCS",
  no: "NOS",
  number: "NOS",
  numbers: "NOS",
  kg: "KGS",
  kilogram: "KGS",
  kilograms: "KGS",
  g: "GMS",
  gm: "GMS",
  gram: "GMS",
  grams: "GMS",
  l: "LTR",
  litre: "LTR",
  liter: "LTR",
  litres: "LTR",
  liters: "LTR",
  ml: "MLT",
  m: "MTR",
  metre: "MTR",
  meter: "MTR",
  metres: "MTR",
  meters: "MTR",
  dozen: "DOZ",
  boxes: "BOX",
  sets: "SET",
  pair: "PRS",
  pairs: "PRS",
  unit: "UNT",
  units: "UNT",
  bags: "BAG",
  bottle: "BTL",
  bottles: "BTL",
  pack: "PAC",
  packet: "PAC",
  packets: "PAC",
  roll: "ROL",
  rolls: "ROL",
};

/** The UQC that a unit cell means, or `null` for one it cannot mean: `pcs`, `Pcs.` and `Pieces` are PCS. */
export function readUnit(text: string): Uqc | null {
  const word = text.trim().replace(/\.$/, "");
  const upper = word.toUpperCase();
  if (isUqc(upper)) return upper;
  // Own words only: `constructor` or `toString` would otherwise find Object.prototype's functions.
  const lower = word.toLowerCase();
  return Object.hasOwn(UNIT_WORDS, lower) ? (UNIT_WORDS[lower] ?? null) : null;
}
