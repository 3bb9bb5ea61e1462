import { describe, expect, it } from "vitest";
import { READ_BATCH_MAX, ReadBatches } from "../src/speed/read-batches.js";

/** A ReadBatches over a table of `${group}:${key}` rows that records every statement it sends. */
function recorded(fail = false) {
  const statements: { group: string; keys: string[] }[] = [];
  const batches = new ReadBatches<{ name: string }, string>(
    (group) => group.name,
    async (group, keys) => {
      statements.push({ group: group.name, keys });
      if (fail) throw new Error("connection lost");
      return new Map(keys.filter((key) => key !== "missing").map((key) => [key, `${group.name}:${key}`]));
    },
  );
  return { batches, statements };
}

describe("ReadBatches", () => {
  it("sends the reads of one turn as one statement per group, each key once", async () => {
    const { batches, statements } = recorded();
    const answers = await Promise.all([
      batches.read({ name: "acc_1" }, "a"),
      batches.read({ name: "acc_1" }, "b"),
      batches.read({ name: "acc_1" }, "a"),
      batches.read({ name: "acc_2" }, "a"),
      batches.read({ name: "acc_1" }, "missing"),
    ]);
    expect(answers).toEqual(["acc_1:a", "acc_1:b", "acc_1:a", "acc_2:a", undefined]);
    expect(statements).toEqual([
      { group: "acc_1", keys: ["a", "b", "missing"] },
      { group: "acc_2", keys: ["a"] },
    ]);
  });

  it("a read in a later turn goes in a later statement", async () => {
    const { batches, statements } = recorded();
    expect(await batches.read({ name: "acc_1" }, "a")).toBe("acc_1:a");
    expect(await batches.read({ name: "acc_1" }, "a")).toBe("acc_1:a");
    expect(statements).toHaveLength(2);
  });

  it(`sends a batch as soon as it holds READ_BATCH_MAX (${READ_BATCH_MAX}) keys`, async () => {
    const { batches, statements } = recorded();
    const keys = Array.from({ length: READ_BATCH_MAX + 1 }, (_, i) => `k${i}`);
    const reads = keys.map((key) => batches.read({ name: "acc_1" }, key));
    // The full batch left before the turn ended; the one key past it waits for the turn's end.
    expect(statements.map((s) => s.keys.length)).toEqual([READ_BATCH_MAX]);
    expect(await Promise.all(reads)).toEqual(keys.map((key) => `acc_1:${key}`));
    expect(statements.map((s) => s.keys.length)).toEqual([READ_BATCH_MAX, 1]);
  });

  it("a failed statement fails every read in it", async () => {
    const { batches } = recorded(true);
    const reads = [batches.read({ name: "acc_1" }, "a"), batches.read({ name: "acc_1" }, "a")];
    for (const read of reads) await expect(read).rejects.toThrow("connection lost");
  });
});
