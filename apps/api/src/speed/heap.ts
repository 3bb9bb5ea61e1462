import { setFlagsFromString } from "node:v8";

/**
 * HEAP_GROWING_PERCENT: how far V8 lets the old generation grow past what its last full collection
 * kept before it collects again. V8's default lets it reach about four times the live heap, and
 * requests that stream many rows (a GSTR-1 of a month) promote short-lived rows and strings there:
 * that garbage, not data still in use, made most of the server's peak RSS. Collecting at 1.5 times
 * bounds it for a few more full collections, which run mostly beside the main thread.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Sets V8's old-generation growth for this process; called once, before the server allocates. */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
