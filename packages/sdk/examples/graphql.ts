// The README's GraphQL call with a typed document. Type-checked in CI against the SDK's sources.

import { Bahi, UnpaidInvoicesDocument } from "@bahi/sdk";

const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
const { data } = await bahi.graphql(UnpaidInvoicesDocument, { partyId: "pty_…" });
for (const invoice of data?.issued.nodes ?? []) console.log(invoice.number, invoice.balanceDue);
