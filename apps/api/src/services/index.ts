/** What handlers reach besides the database. */
export interface Services {
  /** Every scope some operation of the spec requires: the scopes a key may be granted. */
  readonly knownScopes: ReadonlySet<string>;
}
