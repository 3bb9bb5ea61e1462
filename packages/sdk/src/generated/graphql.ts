// Generated from spec/graphql/ and packages/sdk/graphql/ by GraphQL Code Generator. Do not edit.
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How the money came in. */
export type PaymentMode =
  | 'BANK_TRANSFER'
  | 'CARD'
  | 'CASH'
  | 'CHEQUE'
  | 'OTHER'
  | 'UPI';

export type UnpaidInvoicesQueryVariables = Exact<{
  partyId: string | number;
  first?: number | null | undefined;
}>;


export type UnpaidInvoicesQuery = { party: { id: string, name: string, gstin: string | null } | null, issued: { nodes: Array<{ id: string, number: string, date: string, dueDate: string | null, total: number, balanceDue: number, items: Array<{ sku: string, description: string, qty: number, rate: number, total: number }>, payments: Array<{ id: string, date: string, mode: PaymentMode, amount: number, reference: string | null }> | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, partiallyPaid: { nodes: Array<{ id: string, number: string, date: string, dueDate: string | null, total: number, balanceDue: number, items: Array<{ sku: string, description: string, qty: number, rate: number, total: number }>, payments: Array<{ id: string, date: string, mode: PaymentMode, amount: number, reference: string | null }> | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type UnpaidInvoicePageFragment = { nodes: Array<{ id: string, number: string, date: string, dueDate: string | null, total: number, balanceDue: number, items: Array<{ sku: string, description: string, qty: number, rate: number, total: number }>, payments: Array<{ id: string, date: string, mode: PaymentMode, amount: number, reference: string | null }> | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const UnpaidInvoicePageFragmentDoc = new TypedDocumentString(`
    fragment UnpaidInvoicePage on InvoiceConnection {
  nodes {
    id
    number
    date
    dueDate
    total
    balanceDue
    items {
      sku
      description
      qty
      rate
      total
    }
    payments {
      id
      date
      mode
      amount
      reference
    }
  }
  pageInfo {
    hasNextPage
    endCursor
  }
}
    `, {"fragmentName":"UnpaidInvoicePage"}) as unknown as TypedDocumentString<UnpaidInvoicePageFragment, unknown>;
export const UnpaidInvoicesDocument = new TypedDocumentString(`
    query UnpaidInvoices($partyId: ID!, $first: Int = 50) {
  party(id: $partyId) {
    id
    name
    gstin
  }
  issued: invoices(partyId: $partyId, status: ISSUED, first: $first) {
    ...UnpaidInvoicePage
  }
  partiallyPaid: invoices(
    partyId: $partyId
    status: PARTIALLY_PAID
    first: $first
  ) {
    ...UnpaidInvoicePage
  }
}
    fragment UnpaidInvoicePage on InvoiceConnection {
  nodes {
    id
    number
    date
    dueDate
    total
    balanceDue
    items {
      sku
      description
      qty
      rate
      total
    }
    payments {
      id
      date
      mode
      amount
      reference
    }
  }
  pageInfo {
    hasNextPage
    endCursor
  }
}`) as unknown as TypedDocumentString<UnpaidInvoicesQuery, UnpaidInvoicesQueryVariables>;