import type { PageHandler } from "./index.js";

/** Mounts a signed-in page (see `signedInPage`). */
export type Route = (method: "GET" | "POST", path: string, handler: PageHandler) => void;

/** A submitted form's field as trimmed text; a missing field or a file is "". */
export const text = (form: Record<string, string | File>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};
