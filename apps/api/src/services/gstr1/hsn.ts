import type { components } from "@bahi/contract";
import { netQuantity, netRupees, type RateAmounts, rate } from "./amounts.js";

type Schemas = components["schemas"];

/** One row of table 12, as `lineSums` gives it. */
export interface HsnRow extends RateAmounts {
  /** To a registered buyer: the row belongs to `hsn_b2b` where the summary is split. */
  readonly registered: boolean;
  readonly hsn_sc: string;
  readonly uqc: Schemas["ProductUnit"];
  readonly description: string;
  readonly qty: string;
}

function toHsnRow(row: HsnRow, num: number): Schemas["Gstr1HsnRow"] {
  return {
    num,
    hsn_sc: row.hsn_sc,
    desc: row.description,
    uqc: row.uqc,
    qty: netQuantity(row.qty),
    rt: rate(row.rt),
    txval: netRupees(row.txval),
    iamt: netRupees(row.iamt),
    camt: netRupees(row.camt),
    samt: netRupees(row.samt),
    csamt: netRupees(row.csamt),
  };
}

/** The `hsn` section in the form of the period: `{data}`, or `{hsn_b2b, hsn_b2c}` once split. */
export function toHsnSection(
  rows: readonly HsnRow[],
  split: boolean,
): Schemas["Gstr1HsnData"] | Schemas["Gstr1HsnSplit"] {
  const numberedRows = (list: readonly HsnRow[]) => list.map((row, i) => toHsnRow(row, i + 1));
  if (!split) return { data: numberedRows(rows) };
  return {
    hsn_b2b: numberedRows(rows.filter((row) => row.registered)),
    hsn_b2c: numberedRows(rows.filter((row) => !row.registered)),
  };
}
