import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * REDIS_ANSWER_TIMEOUT_MS: the longest a request waits on Redis for its counts; then this node counts
 * it on its own. Counted on the node's clock once its event loop has read what arrived meanwhile: on
 * a busy node a timer can fire late, after an answer that is already there but not yet read.
 */
export const REDIS_ANSWER_TIMEOUT_MS = 500;
/**
 * REDIS_PAUSE_AFTER_TIMEOUT_MS: after Redis let a request wait REDIS_ANSWER_TIMEOUT_MS, the node counts
 * on its own this long before it asks Redis again, so that a Redis that holds connections open without
 * answering costs one request in a while the wait, not every request.
 */
export const REDIS_PAUSE_AFTER_TIMEOUT_MS = 1_000;
/**
 * REDIS_RECONNECT_MAX_DELAY_MS: the longest pause between two attempts to reconnect (ioredis's default
 * grows to 2 s), so that counting is shared again within about this long of Redis's return. An attempt
 * on a Redis that is down is refused at once (or gives up after REDIS_CONNECT_TIMEOUT_MS), so five a
 * second per node cost it nothing.
 */
export const REDIS_RECONNECT_MAX_DELAY_MS = 200;
/** REDIS_CONNECT_TIMEOUT_MS: an attempt to connect that has not succeeded by then is given up and retried. */
export const REDIS_CONNECT_TIMEOUT_MS = 3_000;
/**
 * Commands left waiting on a Redis that does not answer are dropped after this long, so that they do
 * not pile up; requests stopped waiting for them long before (REDIS_ANSWER_TIMEOUT_MS).
 */
const REDIS_COMMAND_BACKSTOP_MS = 10_000;

const UNREACHABLE = "rate limiter: Redis unreachable; counting per node until it is back";
const REACHABLE = "rate limiter: Redis reachable; counting across nodes";

/** Redis is not connected, or did not answer in time: count on this node instead. */
export class RedisUnavailable extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
    this.name = "RedisUnavailable";
  }
}

const TIMED_OUT = Symbol("timed out");

/**
 * Resolves `ms` from now, but only after the event loop's next look at its sockets: a reply that
 * arrived while a long synchronous stretch (PGlite's queries run on this thread) held the loop wins.
 */
function deadline(ms: number) {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const reached = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      immediate = setImmediate(() => resolve(TIMED_OUT));
    }, ms);
  });
  return {
    reached,
    cancel() {
      clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    },
  };
}

/**
 * The Redis shared by every node for rate-limit counts and GraphQL cost buckets, and the bound on
 * what it may cost a request: a command runs only while Redis is connected and answers within
 * REDIS_ANSWER_TIMEOUT_MS; otherwise `run` throws RedisUnavailable at once (or at that timeout) and
 * the caller counts on this node. Each loss and return of Redis is logged once.
 */
export class RedisGuard {
  private reachable = false;
  private closing = false;
  private pausedUntil = 0;

  private constructor(
    readonly client: Redis,
    private readonly logger: Logger,
  ) {
    // Without a listener ioredis prints every failed reconnection; the changes of state are logged.
    client.on("error", () => {});
    client.on("close", () => this.lost());
    client.on("ready", () => {
      this.pausedUntil = 0;
      this.found();
    });
  }

  /** Waits for the first connection (or its failure), so that a node starts counting where the others count. */
  static async connect(url: string, logger: Logger): Promise<RedisGuard> {
    const client = new Redis(url, {
      lazyConnect: true,
      // Queued or retried commands would hold requests while Redis is away; this node counts instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_BACKSTOP_MS,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 50, REDIS_RECONNECT_MAX_DELAY_MS),
      // Counting goes to Redis from the connection on: no INFO (ready check) nor CLIENT SETINFO round
      // trip first, which on a node busy with PGlite's queries held it back by up to 300 ms each time.
      // A Redis still loading its data refuses a count, and that request is counted here instead.
      enableReadyCheck: false,
      disableClientInfo: true,
      // Requests in flight together send their counts in one write: fewer system calls under load.
      enableAutoPipelining: true,
    });
    const guard = new RedisGuard(client, logger);
    await client.connect().catch((error: Error) => logger.warn({ err: error.message }, UNREACHABLE));
    return guard;
  }

  /** Runs `command` against Redis within the bound, or throws RedisUnavailable. */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.client.status !== "ready") throw new RedisUnavailable(this.client.status);
    if (Date.now() < this.pausedUntil) throw new RedisUnavailable("paused after a timeout");
    const answer = command();
    const late = deadline(REDIS_ANSWER_TIMEOUT_MS);
    try {
      const outcome = await Promise.race([answer, late.reached]);
      if (outcome === TIMED_OUT) {
        answer.catch(() => {});
        this.pausedUntil = Date.now() + REDIS_PAUSE_AFTER_TIMEOUT_MS;
        this.lost();
        throw new RedisUnavailable(`no answer within ${REDIS_ANSWER_TIMEOUT_MS} ms`);
      }
      this.found();
      return outcome as T;
    } finally {
      late.cancel();
    }
  }

  close(): void {
    this.closing = true;
    this.client.disconnect();
  }

  private lost() {
    if (this.reachable && !this.closing) this.logger.warn(UNREACHABLE);
    this.reachable = false;
  }

  private found() {
    if (!this.reachable && !this.closing) this.logger.info(REACHABLE);
    this.reachable = true;
  }
}
