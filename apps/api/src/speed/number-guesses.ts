import { settledWithin } from "../values/settled-within.js";

/** NUMBER_GUESS_SERIES: how many series a node remembers guesses for; the oldest is forgotten first. */
const NUMBER_GUESS_SERIES = 10_000;

/**
 * NUMBER_GUESS_SETTLE_MS: how long a create waits, at most, for the creates of its series that take
 * their numbers under the lock on this node to finish, before it takes its own number that way too.
 * Those creates hold the series row one after another, as this one would under the lock, so waiting
 * costs it little; giving up costs the series: the create joins them and keeps it from settling. A
 * bound shorter than the series' first creates take to pass its lock keeps every create of the
 * series under the lock for as long as creates keep coming.
 */
export const NUMBER_GUESS_SETTLE_MS = 1_000;

/** A guessed number, and its place in the queue of this node's claims on the series. */
export interface Guess {
  readonly seq: number;
  /**
   * Settles when this guess's claim may be sent: once the claim of the number before it has been
   * answered (or given up), or only sent, when both go through the series' lane.
   */
  readonly turn: Promise<void>;
  /** Call once this guess's claim has been handed to its lane's connection. */
  readonly sent: () => void;
  /**
   * Call when this guess's claim has been answered, or will never be made: `claimed` when the
   * number is now the document's. A create that falls back to the lock calls `take` first.
   */
  readonly done: (claimed: boolean) => void;
}

/** A create that takes its number under the series lock, whatever the guesses expect. */
export interface Taker {
  /** Call with the number the lock gave. */
  readonly took: (seq: number) => void;
  /** Call once the create has ended, written or not. */
  readonly release: () => void;
}

interface Claim {
  readonly viaLane: boolean;
  readonly sent: Promise<void>;
  readonly answered: Promise<void>;
}

interface SeriesState {
  next: number;
  /** The highest number this node knows was taken. */
  highest: number;
  claims: Map<number, Claim>;
  takers: number;
  /** While creates take numbers under the lock here: settles once none is in flight. */
  unsettled: { settled: Promise<void>; settle: () => void } | null;
}

/**
 * This node's guess at the next number of each document series, so that a document whose e-invoice
 * can be signed before its number is final (the sandbox IRP's) is signed outside the series lock. A
 * guess is only a guess: the number is claimed in the database only if the series still stands just
 * before it, and a wrong guess costs a second signature under the lock, as if there had been none.
 *
 * Guesses run ahead of the database while documents are in flight, and each claim waits for the
 * claim of the number before it: a claim that reached the database first would find its number not
 * yet next and fail, and every later guess with it. Waiting costs no lock: the earlier document holds
 * the series row from its claim to its commit, and the later claim queues on it in the database.
 * Claims sent through the series' lane (see StatementLanes) arrive in the order they are sent, so
 * such a claim waits only until the one before it was sent there, not for its answer.
 *
 * A create that takes its number under the lock (nothing to guess from, or a guess that missed)
 * takes one this node cannot foresee, most likely one already guessed, and the retry under the lock
 * of the guess it took takes the next guess's number in turn. With creates always in flight, that
 * went on for good: every guess missed. So while such a create is in flight, no new guess is made;
 * a create waits (at most NUMBER_GUESS_SETTLE_MS) until every create of the series in flight here
 * has ended, and guesses then start after the highest number this node saw taken.
 */
export class NumberGuesses {
  private readonly series = new Map<string, SeriesState>();

  /**
   * A guess at the series' next number, after the database's `lastInDatabase` and every guess in
   * flight; null when creates still take the series' numbers under the lock after
   * NUMBER_GUESS_SETTLE_MS: the caller then does so too.
   */
  async guess(series: string, lastInDatabase: number, viaLane = false): Promise<Guess | null> {
    const state = await this.settledStateOf(series);
    if (!state) return null;
    const seq = Math.max(lastInDatabase + 1, state.next);
    state.next = seq + 1;
    const before = state.claims.get(seq - 1);
    const turn = !before ? Promise.resolve() : viaLane && before.viaLane ? before.sent : before.answered;
    let markSent!: () => void;
    let markAnswered!: () => void;
    const claim: Claim = {
      viaLane,
      sent: new Promise<void>((resolve) => {
        markSent = resolve;
      }),
      answered: new Promise<void>((resolve) => {
        markAnswered = resolve;
      }),
    };
    state.claims.set(seq, claim);
    return {
      seq,
      turn,
      sent: markSent,
      done: (claimed) => {
        if (claimed) state.highest = Math.max(state.highest, seq);
        if (state.claims.get(seq) === claim) state.claims.delete(seq);
        markSent();
        markAnswered();
        this.settleWhenIdle(state);
      },
    };
  }

  /** The series' state once no create takes its numbers under the lock here; null after the wait. */
  private async settledStateOf(series: string): Promise<SeriesState | null> {
    const state = this.stateOf(series);
    if (!state.unsettled) return state;
    if (!(await settledWithin(state.unsettled.settled, NUMBER_GUESS_SETTLE_MS))) return null;
    return this.stateOf(series);
  }

  /** Registers a create that takes its number under the lock; guesses wait until it is released. */
  take(series: string): Taker {
    const state = this.stateOf(series);
    state.takers += 1;
    if (!state.unsettled) {
      let settle!: () => void;
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      state.unsettled = { settled, settle };
    }
    let released = false;
    return {
      took: (seq) => {
        state.highest = Math.max(state.highest, seq);
      },
      release: () => {
        if (released) return;
        released = true;
        state.takers -= 1;
        this.settleWhenIdle(state);
      },
    };
  }

  /**
   * Lets the waiting guesses go once nothing of the series is in flight. Checked on the next turn of
   * the event loop, not now: a guess that just missed registers its retry under the lock a few
   * promise steps after its claim is done, and a guess let through in between would miss too.
   */
  private settleWhenIdle(state: SeriesState): void {
    if (!state.unsettled || state.takers > 0 || state.claims.size > 0) return;
    setImmediate(() => {
      const unsettled = state.unsettled;
      if (!unsettled || state.takers > 0 || state.claims.size > 0) return;
      state.unsettled = null;
      state.next = state.highest + 1;
      unsettled.settle();
    });
  }

  private stateOf(series: string): SeriesState {
    let state = this.series.get(series);
    if (state) {
      this.series.delete(series);
    } else {
      state = { next: 0, highest: 0, claims: new Map(), takers: 0, unsettled: null };
    }
    this.series.set(series, state);
    if (this.series.size > NUMBER_GUESS_SERIES) {
      const oldest = this.series.keys().next().value;
      if (oldest !== undefined) this.series.delete(oldest);
    }
    return state;
  }
}
