/**
 * What a document prints, worked out from the API objects before anything is laid out: every
 * figure already formatted as text, every particular of Rule 46 (invoices) or Rule 53 (credit and
 * debit notes) of the CGST Rules named and placed. The renderer only positions this.
 */

export type Align = "left" | "right" | "center";

export interface Column {
  readonly key: string;
  /** The header: one or two lines. */
  readonly header: readonly string[];
  /** A heading shared by neighbouring columns (`CGST` over its rate and amount). */
  readonly group?: string;
  /** Width in points, or `0` for the column that takes the rest (the description). */
  readonly width: number;
  readonly align: Align;
}

export interface Party {
  readonly heading: string;
  readonly name: string;
  readonly lines: readonly string[];
}

export interface TotalLine {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

export interface DocumentView {
  readonly title: string;
  readonly copyLabel: string;
  readonly number: string;
  /** The document's date as printed. */
  readonly date: string;
  readonly supplier: {
    readonly name: string;
    readonly tradeName: string | null;
    readonly lines: readonly string[];
  };
  /** Label and value pairs: number, dates, place of supply, reverse charge, the invoice amended. */
  readonly particulars: readonly (readonly [string, string])[];
  readonly einvoice: {
    readonly irn: string;
    readonly ackNo: string | null;
    readonly ackDate: string | null;
    readonly signedQrCode: string | null;
  } | null;
  readonly billTo: Party | null;
  readonly shipTo: Party | null;
  /** Endorsements printed in capitals: export and SEZ supplies under LUT or on payment of IGST. */
  readonly endorsements: readonly string[];
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly string[])[];
  readonly totals: readonly TotalLine[];
  readonly amountInWords: string;
  /** Statements under the totals: reverse charge, deemed export, LUT. */
  readonly statements: readonly string[];
  readonly notes: string | null;
  /** Set when the document is cancelled: printed as a banner and across every page. */
  readonly cancelled: string | null;
  readonly signatureFor: string;
  readonly metadata: { readonly title: string; readonly createdAt: string };
}
