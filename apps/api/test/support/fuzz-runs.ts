/** `BAHI_FUZZ_RUNS`: how hard the property tests search (40 in every run; more to search deeper). */
export const FUZZ_RUNS = Number(process.env.BAHI_FUZZ_RUNS ?? 40);

/** A quarter of FUZZ_RUNS, for the property tests whose every run is a whole history of requests. */
export const HISTORY_RUNS = Math.ceil(FUZZ_RUNS / 4);

/**
 * The time a property test of `runs` histories is given: the usual minute, or `msPerRun` for each
 * when a deeper search asks for more (375 months of GSTR-1 took over a minute on PostgreSQL).
 */
export const timeoutFor = (runs: number, msPerRun: number) => Math.max(60_000, runs * msPerRun);
