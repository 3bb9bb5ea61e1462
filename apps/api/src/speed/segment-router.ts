import type { Params, Result, Router } from "hono/router";

const ALL = "ALL";
const SLASH = 0x2f;
const noParams: Params = Object.freeze(Object.create(null));

interface Middleware<T> {
  readonly method: string;
  /** Null for `*`: every path. For `/v1/*`, `/v1`: it and the paths under it, as Hono matches. */
  readonly base: string | null;
  readonly handler: T;
  readonly order: number;
}

interface Route<T> {
  readonly method: string;
  /** The path's segments; null where the template has a parameter. */
  readonly segments: readonly (string | null)[];
  /** Each parameter's name, at its segment's index. */
  readonly names: readonly (string | undefined)[];
  readonly handler: T;
  readonly order: number;
}

type Entry<T> = Middleware<T> | Route<T>;

/** The entries that may answer paths of one method and segment count, by the path's second segment. */
interface Shape<T> {
  /** For a second segment that some route has as a literal. */
  readonly bySecond: ReadonlyMap<string, readonly Entry<T>[]>;
  /** For any other second segment: the middleware, and the routes with a parameter there. */
  readonly otherwise: readonly Entry<T>[];
}

/**
 * Hono's router for the API's own shape of routes: middleware on `*` or `prefix/*`, and routes whose
 * segments are each a literal or a whole `:name`. Hono's fastest router (RegExpRouter) refuses the
 * spec's paths, since `/v1/products/imports/{id}` and `/v1/products/{id}/stock_movements` overlap,
 * and the fallback (TrieRouter) took 1.8–3.8 µs a match, and 6% of a GET's main thread under load.
 * This one looks routes up by method, segment count and second segment (`invoices` in
 * `/v1/invoices/{id}`), and answers a path without parameters with the same array every time. Where
 * routes overlap it lists them all, in the order they were added, as Hono's routers do: the first
 * that answers wins.
 */
export class SegmentRouter<T> implements Router<T> {
  readonly name = "SegmentRouter";
  readonly #middleware: Middleware<T>[] = [];
  readonly #routes: Route<T>[] = [];
  /** By method, then by a path's segment count; built on the first match. */
  #shapes: Map<string, Shape<T>[]> | null = null;
  /** The answers for paths without parameters, by method and path: as many as the routes' own paths. */
  readonly #staticAnswers = new Map<string, Map<string, Result<T>>>();

  add(method: string, path: string, handler: T): void {
    if (this.#shapes) throw new Error("SegmentRouter: routes are added before the first request");
    const order = this.#middleware.length + this.#routes.length;
    if (path === "*" || path === "/*") {
      this.#middleware.push({ method, base: null, handler, order });
      return;
    }
    if (path.endsWith("/*")) {
      this.#middleware.push({ method, base: path.slice(0, -2), handler, order });
      return;
    }
    const segments: (string | null)[] = [];
    const names: (string | undefined)[] = [];
    for (const part of path.split("/").slice(1)) {
      if (part.includes("*") || part.includes("?") || part.includes("{")) {
        throw new Error(`SegmentRouter: unsupported path ${path}`);
      }
      const param = part.startsWith(":");
      segments.push(param ? null : part);
      names.push(param ? part.slice(1) : undefined);
    }
    this.#routes.push({ method, segments, names, handler, order });
  }

  match(method: string, path: string): Result<T> {
    const known = this.#staticAnswers.get(method)?.get(path);
    if (known) return known;
    // Scanned, not split: in the server, splitting the path took half of a match's time.
    let count = 0;
    for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === SLASH) count++;
    const shape = this.#shapeOf(method, count);
    const entries = shape.bySecond.get(segmentAt(path, 1)) ?? shape.otherwise;
    const found: [T, Params][] = [];
    let routeMatched = false;
    let withParams = false;
    for (const entry of entries) {
      if ("base" in entry) {
        if (entry.base === null || under(path, entry.base)) found.push([entry.handler, noParams]);
        continue;
      }
      const params = paramsOf(entry, path);
      if (!params) continue;
      routeMatched = true;
      if (params !== noParams) withParams = true;
      found.push([entry.handler, params]);
    }
    const result: Result<T> = [found];
    // Only a route's own literal path is kept: paths with parameters, or matching no route, are
    // unboundedly many.
    if (routeMatched && !withParams) {
      let byPath = this.#staticAnswers.get(method);
      if (!byPath) {
        byPath = new Map();
        this.#staticAnswers.set(method, byPath);
      }
      byPath.set(path, result);
    }
    return result;
  }

  #shapeOf(method: string, count: number): Shape<T> {
    this.#shapes ??= new Map();
    let byCount = this.#shapes.get(method);
    if (!byCount) {
      byCount = [];
      // Node's parser lets only known methods through: this map holds a few.
      this.#shapes.set(method, byCount);
    }
    const cached = byCount[count];
    if (cached) return cached;
    const applies = (m: string) => m === method || m === ALL;
    const middleware = this.#middleware.filter((m) => applies(m.method));
    const routes = this.#routes.filter((r) => applies(r.method) && r.segments.length === count);
    const inOrder = (entries: Entry<T>[]) => entries.sort((a, b) => a.order - b.order);
    const anySecond = routes.filter((r) => r.segments.length < 2 || r.segments[1] === null);
    const bySecond = new Map<string, Entry<T>[]>();
    for (const route of routes) {
      const second = route.segments[1];
      if (typeof second !== "string" || bySecond.has(second)) continue;
      bySecond.set(
        second,
        inOrder([...middleware, ...routes.filter((r) => r.segments[1] === second), ...anySecond]),
      );
    }
    const shape: Shape<T> = { bySecond, otherwise: inOrder([...middleware, ...anySecond]) };
    // A count that no route has is not kept: the path's length is the client's to choose.
    if (routes.length > 0) byCount[count] = shape;
    return shape;
  }
}

function under(path: string, base: string): boolean {
  return path.startsWith(base) && (path.length === base.length || path[base.length] === "/");
}

/** The path's segment at `index` (from 0), or "" when it has fewer. */
function segmentAt(path: string, index: number): string {
  let start = 1;
  for (let i = 0; i < index; i++) {
    const slash = path.indexOf("/", start);
    if (slash < 0) return "";
    start = slash + 1;
  }
  const end = path.indexOf("/", start);
  return path.slice(start, end < 0 ? path.length : end);
}

/** The route's parameters in `path`, which has as many segments as the route, or null when it is not the route's. */
function paramsOf<T>(route: Route<T>, path: string): Params | null {
  let params: Params | null = null;
  let start = 1;
  for (let i = 0; i < route.segments.length; i++) {
    const slash = path.indexOf("/", start);
    const end = slash < 0 ? path.length : slash;
    const literal = route.segments[i] as string | null;
    if (literal === null) {
      if (end === start) return null;
      params ??= {};
      params[route.names[i] as string] = path.slice(start, end);
    } else if (end - start !== literal.length || !path.startsWith(literal, start)) {
      return null;
    }
    start = end + 1;
  }
  return params ?? noParams;
}
