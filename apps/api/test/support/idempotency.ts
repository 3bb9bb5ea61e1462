import postgres from "postgres";
import type { Owner } from "../../src/services/shared/owner.js";
import { lockId } from "../../src/services/shared/writes.js";

/**
 * Runs `whileHeld` while another connection holds the advisory lock of `owner`'s `key`, as a request
 * still running under that key does (PostgreSQL only: `url` is the test database's).
 */
export async function whileKeyIsHeld(
  url: string,
  owner: Owner,
  key: string,
  whileHeld: () => Promise<void>,
): Promise<void> {
  const holder = postgres(url, { max: 1 });
  try {
    await holder.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${lockId(owner, key)}::bigint)`;
      await whileHeld();
    });
  } finally {
    await holder.end();
  }
}
