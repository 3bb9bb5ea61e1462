import { generateKeyPairSync, verify } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Rs256Signer, SIGNER_NICE, SIGNER_THREADS } from "../src/einvoice/signer.js";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

/** The nice value of each thread of this process (field 19 of /proc/…/stat). */
function threadNices(): number[] {
  return readdirSync("/proc/self/task").map((tid) => {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return Number(fields[16]);
  });
}

const signers: Rs256Signer[] = [];
afterEach(async () => {
  await Promise.all(signers.splice(0).map((signer) => signer.close()));
});

function newSigner(): Rs256Signer {
  const signer = new Rs256Signer(privateKey);
  signers.push(signer);
  return signer;
}

describe("Rs256Signer", () => {
  it("signs each text with the key, many at once", async () => {
    const signer = newSigner();
    const texts = Array.from({ length: 20 }, (_, i) => `header.payload-${i}`);
    const signatures = await Promise.all(texts.map((text) => signer.sign(text)));
    for (const [i, text] of texts.entries()) {
      expect(verify("sha256", Buffer.from(text), publicKey, signatures[i] as Buffer)).toBe(true);
      expect(verify("sha256", Buffer.from(`${text}!`), publicKey, signatures[i] as Buffer)).toBe(false);
    }
  });

  it.runIf(process.platform === "linux")("signs on threads below the event loop's priority", async () => {
    const before = threadNices().filter((nice) => nice === SIGNER_NICE).length;
    const signer = newSigner();
    await Promise.all(Array.from({ length: 4 }, (_, i) => signer.sign(`text ${i}`)));
    const nices = threadNices();
    expect(nices.filter((nice) => nice === SIGNER_NICE).length - before).toBe(SIGNER_THREADS);
    const ownNice = Number(readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1]?.split(" ")[16]);
    expect(ownNice).toBe(0);
  });

  it("refuses what a thread held when it stopped, and signs on a new one after", async () => {
    const signer = newSigner();
    await signer.sign("warm");
    const threads = (signer as unknown as { threads: ({ terminate(): Promise<number> } | null)[] }).threads;
    const held = Promise.allSettled(Array.from({ length: 4 }, (_, i) => signer.sign(`held ${i}`)));
    await Promise.all(threads.map((thread) => thread?.terminate()));
    const outcomes = await held;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill("rejected"));
    const signature = await signer.sign("after");
    expect(verify("sha256", Buffer.from("after"), publicKey, signature)).toBe(true);
  });
});
