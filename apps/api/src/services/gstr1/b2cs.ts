import type { components } from "@bahi/contract";
import { netRupees, type RateAmounts, rate } from "./amounts.js";

type B2cs = components["schemas"]["Gstr1B2cs"];

/** One row of table 7, as `lineSums` gives it. */
export interface B2csRow extends RateAmounts {
  readonly sply_ty: B2cs["sply_ty"];
  readonly pos: B2cs["pos"];
}

export function toB2cs(row: B2csRow): B2cs {
  return {
    sply_ty: row.sply_ty,
    pos: row.pos,
    typ: "OE",
    rt: rate(row.rt),
    txval: netRupees(row.txval),
    iamt: netRupees(row.iamt),
    camt: netRupees(row.camt),
    samt: netRupees(row.samt),
    csamt: netRupees(row.csamt),
  };
}
