/**
 * READ_BATCH_MAX: the most keys one batched statement asks for. A batch that reaches it is sent at
 * once, and the next key starts another.
 */
export const READ_BATCH_MAX = 128;

interface Waiter<Row> {
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

interface Batch<Group, Row> {
  readonly group: Group;
  readonly waiters: Map<string, Waiter<Row>[]>;
}

/**
 * Point reads of one kind that arrive in the same turn of the event loop, sent as one statement per
 * group (an account in one mode) when the turn ends. On a busy node each read otherwise costs the
 * driver a statement to encode and a result to decode, and PostgreSQL a statement to run: for
 * GET /v1/invoices/{id}, most of what the main thread spends on it besides HTTP. A read sent this way
 * sees every write committed before it was asked for, as a read of its own would: the batch's
 * statement starts after the last of its reads arrived.
 */
export class ReadBatches<Group, Row> {
  readonly #open = new Map<string, Batch<Group, Row>>();
  #scheduled = false;

  /**
   * `load` answers the rows of one group that it found, by key; a key it leaves out has no row.
   * `groupKey` names a group, so that reads of the same group share a statement.
   */
  constructor(
    private readonly groupKey: (group: Group) => string,
    private readonly load: (group: Group, keys: string[]) => Promise<Map<string, Row>>,
  ) {}

  read(group: Group, key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const name = this.groupKey(group);
      let batch = this.#open.get(name);
      if (!batch) {
        batch = { group, waiters: new Map() };
        this.#open.set(name, batch);
      }
      const waiters = batch.waiters.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.waiters.set(key, [{ resolve, reject }]);
      if (batch.waiters.size >= READ_BATCH_MAX) {
        this.#open.delete(name);
        this.#send(batch);
      } else if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const batches = [...this.#open.values()];
    this.#open.clear();
    for (const batch of batches) this.#send(batch);
  }

  #send(batch: Batch<Group, Row>): void {
    this.load(batch.group, [...batch.waiters.keys()]).then(
      (rows) => {
        for (const [key, waiters] of batch.waiters) {
          const row = rows.get(key);
          for (const waiter of waiters) waiter.resolve(row);
        }
      },
      (error: unknown) => {
        for (const waiters of batch.waiters.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}
