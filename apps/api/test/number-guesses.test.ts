import { describe, expect, it } from "vitest";
import { NumberGuesses } from "../src/services/number-guesses.js";

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("NumberGuesses", () => {
  it("guesses past the numbers in flight, starting after the database's last", () => {
    const guesses = new NumberGuesses();
    expect(guesses.guess("s", 41).seq).toBe(42);
    expect(guesses.guess("s", 41).seq).toBe(43);
    expect(guesses.guess("other", 0).seq).toBe(1);
    // Another node took numbers meanwhile: the database's last wins over this node's guesses.
    expect(guesses.guess("s", 50).seq).toBe(51);
  });

  it("gives each claim its turn after the claim of the number before it", async () => {
    const guesses = new NumberGuesses();
    const first = guesses.guess("s", 0);
    const second = guesses.guess("s", 0);
    const third = guesses.guess("s", 0);
    expect(await settled(first.turn)).toBe(true);
    expect(await settled(second.turn)).toBe(false);
    first.done();
    expect(await settled(second.turn)).toBe(true);
    expect(await settled(third.turn)).toBe(false);
    second.done();
    expect(await settled(third.turn)).toBe(true);
  });

  it("on a lane, gives a claim its turn once the one before it was sent there, not answered", async () => {
    const guesses = new NumberGuesses();
    const first = guesses.guess("s", 0, true);
    const second = guesses.guess("s", 0, true);
    const offLane = guesses.guess("s", 0);
    const last = guesses.guess("s", 0, true);
    expect(await settled(second.turn)).toBe(false);
    first.sent();
    expect(await settled(second.turn)).toBe(true);
    // A claim off the lane reaches PostgreSQL on another connection: it waits for the answer.
    second.sent();
    expect(await settled(offLane.turn)).toBe(false);
    second.done();
    expect(await settled(offLane.turn)).toBe(true);
    // And a lane claim after one off the lane waits for that one's answer too.
    offLane.sent();
    expect(await settled(last.turn)).toBe(false);
    offLane.done();
    expect(await settled(last.turn)).toBe(true);
  });

  it("starts again after the number a document really got", () => {
    const guesses = new NumberGuesses();
    guesses.guess("s", 9);
    guesses.guess("s", 9);
    guesses.correct("s", 10);
    expect(guesses.guess("s", 9).seq).toBe(11);
  });
});
