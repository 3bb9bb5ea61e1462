import { describe, expect, it } from "vitest";
import { ISSUED_NOTE_CACHE_CHARS } from "../src/services/notes/note-rules.js";
import {
  ISSUED_INVOICE_CACHE_CHARS,
  IssuedInvoiceCache,
  type IssuedInvoiceJson,
} from "../src/speed/issued-invoice-cache.js";
import { cachedJsonOf, JsonCache } from "../src/speed/json-cache.js";

/** Pieces of `chars` characters in all. */
const pieces = (chars: number, mark = "x"): IssuedInvoiceJson => [mark.repeat(chars - 3), "{", ",", "}"];

describe("IssuedInvoiceCache", () => {
  it(`holds ISSUED_INVOICE_CACHE_CHARS (${ISSUED_INVOICE_CACHE_CHARS}) characters by default`, () => {
    expect(new IssuedInvoiceCache().maxChars).toBe(ISSUED_INVOICE_CACHE_CHARS);
  });

  it("keeps invoices up to its size exactly; one character more drops the least recently read", () => {
    const cache = new IssuedInvoiceCache(100);
    cache.set("a", pieces(40));
    cache.set("b", pieces(30));
    cache.set("c", pieces(30));
    expect(cache.size).toBe(3);
    expect(cache.get("a")).toEqual(pieces(40));
    cache.set("d", pieces(3));
    // 103 characters: "b" goes, the least recently read ("a" was read after it).
    expect(cache.size).toBe(3);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.get("d")]).toEqual([
      pieces(40),
      undefined,
      pieces(30),
      pieces(3),
    ]);
  });

  it("drops as many as it takes, and never keeps one larger than itself", () => {
    const cache = new IssuedInvoiceCache(100);
    cache.set("a", pieces(50));
    cache.set("b", pieces(50));
    cache.set("c", pieces(100));
    expect([cache.get("a"), cache.get("b"), cache.get("c")?.[0].length]).toEqual([undefined, undefined, 97]);
    cache.set("d", pieces(101));
    expect(cache.get("d")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("keeps the first pieces written under a key: they cannot differ, and the size stays counted once", () => {
    const cache = new IssuedInvoiceCache(100);
    cache.set("a", pieces(60));
    cache.set("a", pieces(60, "z"));
    cache.set("b", pieces(40));
    expect(cache.size).toBe(2);
    expect(cache.get("a")?.[0]).toBe("x".repeat(57));
  });
});

describe("JsonCache of whole texts (the credit and debit notes')", () => {
  it("counts a text by its length: texts up to its size exactly, one character more drops the oldest", async () => {
    const cache = new JsonCache<string>(10);
    cache.set("a", "x".repeat(6));
    cache.set("b", "y".repeat(4));
    expect(cache.size).toBe(2);
    cache.set("c", "z");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "yyyy", "z"]);
    cache.set("d", "w".repeat(11));
    expect(cache.get("d")).toBeUndefined();
  });

  it("reads only what it lacks, for the owner and the kind asked, and keeps what it read", async () => {
    const cache = new JsonCache<string>(ISSUED_NOTE_CACHE_CHARS);
    const owner = { accountId: "acc_1", livemode: false };
    const asked: string[][] = [];
    const read = async (ids: string[]) => {
      asked.push(ids);
      return new Map(ids.filter((id) => id !== "gone").map((id) => [id, `{"id":"${id}"}`]));
    };
    expect(await cachedJsonOf(cache, owner, "credit_note", ["a", "b"], read)).toEqual([
      '{"id":"a"}',
      '{"id":"b"}',
    ]);
    expect(await cachedJsonOf(cache, owner, "credit_note", ["c", "b", "gone", "a"], read)).toEqual([
      '{"id":"c"}',
      '{"id":"b"}',
      undefined,
      '{"id":"a"}',
    ]);
    expect(await cachedJsonOf(cache, { ...owner, livemode: true }, "credit_note", ["a"], read)).toEqual([
      '{"id":"a"}',
    ]);
    expect(await cachedJsonOf(cache, owner, "debit_note", ["a"], read)).toEqual(['{"id":"a"}']);
    expect(asked).toEqual([["a", "b"], ["c", "gone"], ["a"], ["a"]]);
    expect(cache.size).toBe(5);
  });
});
