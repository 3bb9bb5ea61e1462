/**
 * Whether a change would leave a row's columns as they are (each a string, number, boolean or null).
 * A PATCH that changes nothing then writes nothing and announces nothing: a `*.updated` event means a
 * field changed, so a client that sends its whole record on every save does not flood webhooks.
 */
export function sameColumns<T extends Record<string, unknown>>(before: T, after: T): boolean {
  return Object.keys(after).every((name) => Object.is(before[name], after[name]));
}
