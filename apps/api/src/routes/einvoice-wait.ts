import type { Executor } from "../db/client.js";
import type { HandlerContext } from "../http/operation-types.js";
import type { DocumentOf } from "../services/einvoice/registrar.js";
import type { DocumentKind } from "../services/shared/document-numbers.js";
import type { Owner } from "../services/shared/owner.js";
import type { JsonText } from "../values/json-text.js";

type Read<K extends DocumentKind> = (db: Executor, owner: Owner, id: string) => Promise<DocumentOf<K>>;

/**
 * The answer to a write that committed document `id` (answered as `body`) pending its registration
 * with a live IRP: once committed, the IRN is awaited outside every lock, for the account's wait; the
 * document is answered as it then stands, registered or still pending.
 */
export function awaitingIrn<K extends DocumentKind, S extends 200 | 201>(
  { principal, services }: HandlerContext,
  kind: K,
  id: string,
  body: DocumentOf<K> | JsonText<DocumentOf<K>>,
  { status, fresh, read }: { status: S; fresh: boolean; read: Read<K> },
) {
  const settled = async () => {
    const { registrar, waitMs } = services.einvoice;
    const tried = await registrar.registerNow(principal, kind, id, { waitMs, fresh });
    return { status, body: tried ?? (await read(services.pointReads, principal, id)) };
  };
  return { status, body, settled };
}
