/** NUMBER_GUESS_SERIES: how many series a node remembers guesses for; the oldest is forgotten first. */
const NUMBER_GUESS_SERIES = 10_000;

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
  /** Call when this guess's claim has been answered, or will never be made. */
  readonly done: () => void;
}

interface Claim {
  readonly viaLane: boolean;
  readonly sent: Promise<void>;
  readonly answered: Promise<void>;
}

interface SeriesState {
  next: number;
  claims: Map<number, Claim>;
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
 */
export class NumberGuesses {
  private readonly series = new Map<string, SeriesState>();

  guess(series: string, lastInDatabase: number, viaLane = false): Guess {
    const state = this.stateOf(series);
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
      done: () => {
        if (state.claims.get(seq) === claim) state.claims.delete(seq);
        markSent();
        markAnswered();
      },
    };
  }

  /** The number a document really got when its guess was wrong: later guesses start after it. */
  correct(series: string, taken: number): void {
    this.stateOf(series).next = taken + 1;
  }

  private stateOf(series: string): SeriesState {
    let state = this.series.get(series);
    if (state) {
      this.series.delete(series);
    } else {
      state = { next: 0, claims: new Map() };
    }
    this.series.set(series, state);
    if (this.series.size > NUMBER_GUESS_SERIES) {
      const oldest = this.series.keys().next().value;
      if (oldest !== undefined) this.series.delete(oldest);
    }
    return state;
  }
}
