import { buildServer } from "./bahi-server.js";

/** The end-to-end tests run the server a user starts: built once for the run, before any starts it. */
export default function setup(): void {
  buildServer();
}
