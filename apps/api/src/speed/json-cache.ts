import type { DocumentKind } from "../services/shared/document-numbers.js";
import type { Owner } from "../services/shared/owner.js";
import { notFound } from "../values/problem.js";

/** JSON text kept whole, or in pieces to be joined with what changes (see IssuedInvoiceJson). */
export type CachedJson = string | readonly string[];

const sizeOf = (value: CachedJson) =>
  typeof value === "string" ? value.length : value.reduce((sum, piece) => sum + piece.length, 0);

/**
 * JSON text of documents that is never written again once issued, for the documents this node read
 * most recently, up to `maxChars` characters (one or two bytes each); the least recently read go
 * first. Nothing in it can go stale on any node.
 */
export class JsonCache<Value extends CachedJson> {
  readonly #entries = new Map<string, Value>();
  #chars = 0;

  constructor(readonly maxChars: number) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Value): void {
    const size = sizeOf(value);
    if (size > this.maxChars || this.#entries.has(key)) return;
    this.#entries.set(key, value);
    this.#chars += size;
    for (const [oldest, dropped] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= sizeOf(dropped);
    }
  }
}

/**
 * A document's key in a cache: its owner, its kind and its id. Credit and debit notes share a cache,
 * and without the kind a credit note's id asked for as a debit note found the credit note.
 */
export const cacheKeyOf = (owner: Owner, kind: DocumentKind, id: string) =>
  `${owner.accountId} ${owner.livemode} ${kind} ${id}`;

/**
 * The cached JSON of the documents `ids` names, in their order, an owner's own: those the cache lacks
 * are read by `readMissing` in one go (it answers what it found, by id) and kept. A document that
 * `readMissing` does not find is `undefined`.
 */
export async function cachedJsonOf<Value extends CachedJson>(
  cache: JsonCache<Value>,
  owner: Owner,
  kind: DocumentKind,
  ids: readonly string[],
  readMissing: (ids: string[]) => Promise<Map<string, Value>>,
): Promise<(Value | undefined)[]> {
  const values = ids.map((id) => cache.get(cacheKeyOf(owner, kind, id)));
  const missing = ids.filter((_, i) => values[i] === undefined);
  if (missing.length === 0) return values;
  const read = await readMissing(missing);
  return ids.map((id, i) => {
    const cached = values[i];
    if (cached !== undefined) return cached;
    const found = read.get(id);
    if (found !== undefined) cache.set(cacheKeyOf(owner, kind, id), found);
    return found;
  });
}

/** The one document `cachedJsonOf` was asked for, or 404 naming its kind (`code`). */
export function foundJson<Value extends CachedJson>(
  code: string,
  id: string,
  values: (Value | undefined)[],
): Value {
  const [value] = values;
  if (value === undefined) throw notFound(code, id);
  return value;
}

/**
 * The documents of a list's page, which its statement has just seen, as `cachedJsonOf` read them:
 * documents are never deleted, so one missing is a fault, not a 404.
 */
export function listedJson<Value extends CachedJson>(
  ids: readonly string[],
  values: (Value | undefined)[],
): Value[] {
  return values.map((value, i) => {
    if (value === undefined) throw new Error(`Document ${ids[i]} was listed but could not be read.`);
    return value;
  });
}
