/** The unit for services, and for anything without a measurable quantity in GSTR-1. */
export const UQC_NOT_APPLICABLE = "NA";

/** Unit Quantity Codes accepted by the GST portal. */
export const UQC_CODES = [
  "BAG",
  "BAL",
  "BDL",
  "BKL",
  "BOU",
  "BOX",
  "BTL",
  "BUN",
  "CAN",
  "CBM",
  "CCM",
  "CMS",
  "CTN",
  "DOZ",
  "DRM",
  "GGK",
  "GMS",
  "GRS",
  "GYD",
  "KGS",
  "KLR",
  "KME",
  "LTR",
  "MLT",
  "MTR",
  "MTS",
  "NOS",
  "OTH",
  "PAC",
  "PCS",
  "PRS",
  "QTL",
  "ROL",
  "SET",
  "SQF",
  "SQM",
  "SQY",
  "TBS",
  "TGM",
  "THD",
  "TON",
  "TUB",
  "UGS",
  "UNT",
  "YDS",
  UQC_NOT_APPLICABLE,
] as const;

export type Uqc = (typeof UQC_CODES)[number];

const UQC_SET: ReadonlySet<string> = new Set(UQC_CODES);

export function isUqc(code: string): code is Uqc {
  return UQC_SET.has(code);
}
