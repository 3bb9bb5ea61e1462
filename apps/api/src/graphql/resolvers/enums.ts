import { enums } from "@bahi/contract/enums";
import { type DocumentNode, Kind } from "graphql";

const restValues = new Set<string>(
  Object.values(enums as Record<string, readonly string[]>).flatMap((values) => [...values]),
);

/**
 * Each GraphQL enum's values as REST's: `PARTIALLY_PAID` is `partially_paid`, `BANK_TRANSFER` is
 * `bank_transfer`; a REST value written in capitals already (`SGST`) stays as it is. Read from the
 * SDL, so that a new value needs no code; the parity test checks that each lands on a REST value.
 */
export function enumResolvers(document: DocumentNode): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.ENUM_TYPE_DEFINITION) continue;
    const values: Record<string, string> = {};
    for (const value of definition.values ?? []) {
      const name = value.name.value;
      values[name] = restValues.has(name) ? name : name.toLowerCase();
    }
    out[definition.name.value] = values;
  }
  return out;
}
