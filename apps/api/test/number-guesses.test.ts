import { describe, expect, it, vi } from "vitest";
import { type Guess, NUMBER_GUESS_SETTLE_MS, NumberGuesses } from "../src/speed/number-guesses.js";

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

/** A guess that the test expects to be made. */
const made = async (guess: Promise<Guess | null>): Promise<Guess> => {
  const made = await guess;
  if (!made) throw new Error("expected a guess");
  return made;
};

describe("NumberGuesses", () => {
  it("guesses past the numbers in flight, starting after the database's last", async () => {
    const guesses = new NumberGuesses();
    expect((await made(guesses.guess("s", 41))).seq).toBe(42);
    expect((await made(guesses.guess("s", 41))).seq).toBe(43);
    expect((await made(guesses.guess("other", 0))).seq).toBe(1);
    // Another node took numbers meanwhile: the database's last wins over this node's guesses.
    expect((await made(guesses.guess("s", 50))).seq).toBe(51);
  });

  it("gives each claim its turn after the claim of the number before it", async () => {
    const guesses = new NumberGuesses();
    const first = await made(guesses.guess("s", 0));
    const second = await made(guesses.guess("s", 0));
    const third = await made(guesses.guess("s", 0));
    expect(await settled(first.turn)).toBe(true);
    expect(await settled(second.turn)).toBe(false);
    first.done(true);
    expect(await settled(second.turn)).toBe(true);
    expect(await settled(third.turn)).toBe(false);
    second.done(true);
    expect(await settled(third.turn)).toBe(true);
  });

  it("on a lane, gives a claim its turn once the one before it was sent there, not answered", async () => {
    const guesses = new NumberGuesses();
    const first = await made(guesses.guess("s", 0, true));
    const second = await made(guesses.guess("s", 0, true));
    const offLane = await made(guesses.guess("s", 0));
    const last = await made(guesses.guess("s", 0, true));
    expect(await settled(second.turn)).toBe(false);
    first.sent();
    expect(await settled(second.turn)).toBe(true);
    // A claim off the lane reaches PostgreSQL on another connection: it waits for the answer.
    second.sent();
    expect(await settled(offLane.turn)).toBe(false);
    second.done(true);
    expect(await settled(offLane.turn)).toBe(true);
    // And a lane claim after one off the lane waits for that one's answer too.
    offLane.sent();
    expect(await settled(last.turn)).toBe(false);
    offLane.done(true);
    expect(await settled(last.turn)).toBe(true);
  });

  it("makes no guess while a create takes its number under the lock, then starts after that number", async () => {
    const guesses = new NumberGuesses();
    const claimed = await made(guesses.guess("s", 9));
    const taker = guesses.take("s");
    const waiting = guesses.guess("s", 9);
    claimed.done(true);
    taker.took(11);
    expect(await settled(waiting.then(() => undefined))).toBe(false);
    taker.release();
    expect((await made(waiting)).seq).toBe(12);
    // Settled: the next guesses follow at once.
    expect((await made(guesses.guess("s", 9))).seq).toBe(13);
  });

  it("a guess that missed and retries under the lock keeps the guesses after it waiting", async () => {
    const guesses = new NumberGuesses();
    const missed = await made(guesses.guess("s", 4));
    const taker = guesses.take("s");
    missed.done(false);
    const waiting = guesses.guess("s", 4);
    expect(await settled(waiting.then(() => undefined))).toBe(false);
    taker.took(5);
    taker.release();
    expect((await made(waiting)).seq).toBe(6);
  });

  it("a refused create takes no number: the next guess is the number it would have had", async () => {
    const guesses = new NumberGuesses();
    (await made(guesses.guess("s", 0))).done(true);
    const missed = await made(guesses.guess("s", 0));
    const taker = guesses.take("s");
    missed.done(false);
    taker.release();
    expect((await made(guesses.guess("s", 0))).seq).toBe(2);
  });

  it(`gives up after NUMBER_GUESS_SETTLE_MS (${NUMBER_GUESS_SETTLE_MS} ms) of creates under the lock: no guess`, async () => {
    vi.useFakeTimers();
    try {
      const guesses = new NumberGuesses();
      const taker = guesses.take("s");
      let answered = false;
      const waiting = guesses.guess("s", 0).finally(() => {
        answered = true;
      });
      // Other series are not held up.
      expect((await made(guesses.guess("other", 0))).seq).toBe(1);
      await vi.advanceTimersByTimeAsync(NUMBER_GUESS_SETTLE_MS - 1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await waiting).toBeNull();
      taker.release();
      await vi.runAllTimersAsync();
      expect((await made(guesses.guess("s", 0))).seq).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for a long queue of creates under the lock to drain without joining it", async () => {
    // The first creates of a series take the lock one after another; 32 of them took longer than the
    // 50 ms a create once waited, and every create that gave up took the lock too, so the series
    // never settled while creates kept coming.
    vi.useFakeTimers();
    try {
      const guesses = new NumberGuesses();
      const takers = Array.from({ length: 32 }, () => guesses.take("s"));
      const waiting = guesses.guess("s", 0);
      for (const [i, taker] of takers.entries()) {
        await vi.advanceTimersByTimeAsync(5);
        taker.took(i + 1);
        taker.release();
      }
      await vi.advanceTimersByTimeAsync(0);
      expect((await made(waiting)).seq).toBe(33);
    } finally {
      vi.useRealTimers();
    }
  });
});
