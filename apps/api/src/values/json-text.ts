/**
 * A JSON answer whose text is already written, as PostgreSQL writes it for the hottest reads: the
 * router sends it as it is, without parsing or serialising it in Node. `T` is the shape the text
 * has, so a handler returning one is typed like one returning the object.
 */
export class JsonText<T> {
  /** Never set: it carries `T`, so that a text of one shape is not taken for another. */
  declare readonly shape?: T;

  constructor(readonly text: string) {}
}

/** A value's JSON: a JsonText's own text, anything else serialised. */
export function jsonOf(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}
