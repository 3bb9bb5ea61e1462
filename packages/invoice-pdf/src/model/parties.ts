import { OTHER_COUNTRIES_STATE_CODE } from "@bahi/gst";
import { formatCountry, formatState } from "../format.js";
import type { Account, Invoice } from "../types.js";
import type { DocumentView, Party } from "./document-view.js";

/** The supplier, the recipient and the address of delivery, as their blocks print them. */

type PartyAddress = NonNullable<Invoice["party"]["address"]>;

function addressLines(address: PartyAddress): string[] {
  const lines = [address.line1];
  if (address.line2) lines.push(address.line2);
  if ("country" in address) {
    lines.push(address.postal_code ? `${address.city} ${address.postal_code}` : address.city);
    lines.push(formatCountry(address.country));
  } else {
    lines.push(`${address.city} - ${address.pin}`);
  }
  return lines;
}

export function recipient(heading: string, party: Invoice["party"]): Party {
  const lines = party.address ? addressLines(party.address) : [];
  // A recipient abroad has no GSTIN to state (Rule 46's proviso for exports asks for the address and country).
  const abroad = party.state_code === OTHER_COUNTRIES_STATE_CODE;
  if (party.gstin !== null || !abroad) lines.push(`GSTIN: ${party.gstin ?? "Unregistered"}`);
  if (!abroad) lines.push(`State: ${formatState(party.state_code)}`);
  return { heading, name: party.name, lines };
}

export function consignee(shipTo: NonNullable<Invoice["ship_to"]>): Party {
  const lines = addressLines(shipTo.address);
  if (shipTo.gstin !== null || !("country" in shipTo.address))
    lines.push(`GSTIN: ${shipTo.gstin ?? "Unregistered"}`);
  if (!("country" in shipTo.address)) lines.push(`State: ${formatState(shipTo.address.state_code)}`);
  return { heading: "Ship to (address of delivery)", name: shipTo.name, lines };
}

export function supplier(account: Account): DocumentView["supplier"] {
  const lines = [account.address.line1];
  if (account.address.line2) lines.push(account.address.line2);
  lines.push(`${account.address.city} - ${account.address.pin}`);
  lines.push(`State: ${formatState(account.state_code)}`);
  lines.push(`GSTIN: ${account.gstin}    PAN: ${account.pan}`);
  const tradeName =
    account.trade_name && account.trade_name !== account.legal_name ? account.trade_name : null;
  return { name: account.legal_name, tradeName, lines };
}
