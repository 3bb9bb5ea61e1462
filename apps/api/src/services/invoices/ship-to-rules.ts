import type { components } from "@bahi/contract";
import { EINVOICE_MIN_NAME_LENGTH } from "../../einvoice/inv01.js";
import { field, unprocessable } from "../../values/problem.js";
import { checkAddressInState } from "../parties/parties.js";
import { checkGstin } from "../shared/gstin.js";

type ShipTo = components["schemas"]["ShipTo"];
type ShipToCreate = components["schemas"]["ShipToCreate"];

/**
 * The consignee of a "bill to one, ship to another" invoice, as the invoice keeps it: a registered
 * consignee's address lies in its GSTIN's state, and an e-invoiced supply's address names a locality
 * the IRP takes. Missing optional fields are written out as `null`, as the party's own address is.
 */
export function checkShipTo(shipTo: ShipToCreate, einvoiced: boolean): ShipTo {
  const gstin = shipTo.gstin ?? null;
  if (gstin !== null) {
    const { stateCode } = checkGstin(gstin, "/ship_to/gstin");
    checkAddressInState(shipTo.address, stateCode, "/ship_to/address");
  }
  const { address } = shipTo;
  if (einvoiced && address.city.length < EINVOICE_MIN_NAME_LENGTH) {
    const message = `must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice`;
    throw unprocessable("einvoice_party_incomplete", `The ship-to city "${address.city}" ${message}.`, [
      field("einvoice_party_incomplete", "/ship_to/address/city", message),
    ]);
  }
  const line2 = address.line2 ?? null;
  return {
    name: shipTo.name,
    gstin,
    address:
      "country" in address
        ? { ...address, line2, postal_code: address.postal_code ?? null }
        : { ...address, line2 },
  };
}
