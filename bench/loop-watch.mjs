// Loaded into a server under test (`node --import ./bench/loop-watch.mjs …`, as einvoice-open-loop.mjs
// does with BENCH_LOOP_WATCH): what held its event loop up. On each SIGUSR2 it appends to the file
// named by BAHI_LOOP_WATCH_FILE one JSON line of what it saw since the last: the event loop's delay
// (p50, p99, max, ms), the collector's pauses by kind (count, total and longest ms), the young
// generation's size (MB), and the stalls
// (each pause and each late turn of the loop over STALL_MS: [start, ms], start in ms since the
// epoch), then starts counting afresh. With BAHI_LOOP_WATCH_PROFILE=<folder>, it also profiles the
// CPU between each odd signal and the next (one round) into a .cpuprofile there. Benchmarks only:
// the server knows nothing of it.
import { appendFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";

const file = process.env.BAHI_LOOP_WATCH_FILE;
if (!file) throw new Error("loop-watch.mjs needs BAHI_LOOP_WATCH_FILE");

/** A pause or a late turn at least this long is listed with its time. */
const STALL_MS = 2;
/** How often the loop's lateness is sampled (a timer of its own). */
const TICK_MS = 2;

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-sweep",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak-callbacks",
};

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let pauses = {};
let gcStalls = [];
let loopStalls = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? "other";
    pauses[kind] ??= { count: 0, ms: 0, longest: 0 };
    const seen = pauses[kind];
    seen.count++;
    seen.ms += entry.duration;
    seen.longest = Math.max(seen.longest, entry.duration);
    if (entry.duration >= STALL_MS) gcStalls.push([performance.timeOrigin + entry.startTime, entry.duration]);
  }
}).observe({ entryTypes: ["gc"] });

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - TICK_MS;
  if (late >= STALL_MS) loopStalls.push([performance.timeOrigin + last + TICK_MS, late]);
  last = now;
}, TICK_MS).unref();

const profiles = process.env.BAHI_LOOP_WATCH_PROFILE;
const session = profiles ? new Session() : null;
session?.connect();
let signals = 0;
// BAHI_LOOP_WATCH_ALLOCATIONS=1: what was allocated (a sampled heap profile, garbage included) instead.
const allocations = process.env.BAHI_LOOP_WATCH_ALLOCATIONS === "1";
function profile() {
  if (!session) return;
  signals++;
  const name = `${profiles}/round-${Math.ceil(signals / 2)}`;
  if (allocations) {
    if (signals % 2 === 1) {
      session.post("HeapProfiler.enable", () =>
        session.post("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      );
      return;
    }
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (!error) writeFileSync(`${name}.heapprofile`, JSON.stringify(result.profile));
    });
    return;
  }
  if (signals % 2 === 1) {
    session.post("Profiler.enable", () => session.post("Profiler.start"));
    return;
  }
  session.post("Profiler.stop", (error, result) => {
    if (!error) writeFileSync(`${name}.cpuprofile`, JSON.stringify(result.profile));
  });
}

const round = (x) => Math.round(x * 100) / 100;
const ms = (ns) => round(ns / 1e6);
process.on("SIGUSR2", () => {
  profile();
  const gc = Object.fromEntries(
    Object.entries(pauses).map(([kind, p]) => [
      kind,
      { count: p.count, ms: round(p.ms), longest: round(p.longest) },
    ]),
  );
  const loop = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  const stalls = { gc: gcStalls, loop: loopStalls };
  // The young generation's size: what a scavenge frees, so scavenges × this ≈ what was allocated.
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
  const youngMb = round(newSpace.space_size / 2 ** 20);
  appendFileSync(file, `${JSON.stringify({ loop, gc, youngMb, stalls })}\n`);
  delay.reset();
  pauses = {};
  gcStalls = [];
  loopStalls = [];
});
