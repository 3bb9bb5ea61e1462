import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import {
  buildSchema,
  type GraphQLField,
  type GraphQLInputField,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  parse,
} from "graphql";
import { describe, expect, it } from "vitest";
import { sdl } from "../src/graphql/generated/sdl.js";
import { enumResolvers } from "../src/graphql/resolvers/enums.js";

// REST/GraphQL parity, read from the bundled OpenAPI document and the SDL: every property of each
// OpenAPI component that GraphQL shares has its camelCase field, non-null where REST always sends a
// value, and every enum value stands for a REST value and back.

type Schema = { properties?: Record<string, Property>; required?: string[]; enum?: unknown[]; $ref?: string };
type Property = Schema & { type?: string | string[]; oneOf?: Property[] };
const components = (openapi as unknown as { components: { schemas: Record<string, Schema> } }).components
  .schemas;
const schema = buildSchema(sdl);

function component(name: string): Schema {
  const found = components[name];
  if (!found) throw new Error(`no component ${name} in the OpenAPI document`);
  return found;
}
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** GraphQL's types and the OpenAPI components (or their properties' objects) whose fields they carry. */
const SHARED: Record<string, Schema[]> = {
  Account: [component("Account")],
  Party: [component("Party")],
  Product: [component("Product")],
  Invoice: [component("Invoice")],
  InvoiceItem: [component("InvoiceItem")],
  InvoiceParty: [component("InvoiceParty")],
  ShipTo: [component("ShipTo")],
  ShippingBill: [component("ShippingBill")],
  InvoiceCancellation: [component("InvoiceCancellation")],
  EInvoiceError: [component("EInvoiceError")],
  Payment: [component("Payment")],
  PaymentAllocation: [component("PaymentAllocation")],
  CreditNote: [component("CreditNote")],
  CreditNoteItem: [component("CreditNoteItem")],
  DebitNote: [component("DebitNote")],
  DebitNoteItem: [component("DebitNoteItem")],
  Event: [component("Event")],
  EventData: [component("Event").properties?.data as Schema],
  Webhook: [component("Webhook")],
  Gstr1Summary: [component("Gstr1Summary")],
  Gstr1Sections: [component("Gstr1Summary").properties?.sections as Schema],
  Gstr1DocIssue: [component("Gstr1Summary").properties?.doc_issue as Schema],
  Gstr1SectionSummary: [component("Gstr1SectionSummary")],
  Gstr1NetSectionSummary: [component("Gstr1NetSectionSummary")],
  Gstr1Warning: [component("Gstr1Warning")],
  Address: [component("Address"), component("ForeignAddress")],
  CreatePartyInput: [component("PartyCreate")],
  CreateProductInput: [component("ProductCreate")],
  CreateInvoiceInput: [component("InvoiceCreate")],
  InvoiceItemInput: [component("InvoiceItemCreate")],
  ShipToInput: [component("ShipToCreate")],
  ShippingBillInput: [component("ShippingBill")],
  CancelInvoiceInput: [component("InvoiceCancel")],
  CreatePaymentInput: [component("PaymentCreate")],
  PaymentAllocationInput: [component("PaymentAllocationCreate")],
  CreateCreditNoteInput: [component("CreditNoteCreate")],
  CreditNoteItemInput: [component("CreditNoteItemCreate")],
  AddressInput: [component("Address"), component("ForeignAddress")],
};

const nullable = (p: Property): boolean =>
  (Array.isArray(p.type) && p.type.includes("null")) || (p.oneOf ?? []).some((o) => o.type === "null");

describe("every REST field has its GraphQL field", () => {
  for (const [typeName, sources] of Object.entries(SHARED)) {
    it(typeName, () => {
      const type = schema.getType(typeName);
      expect(type && (isObjectType(type) || isInputObjectType(type)), typeName).toBe(true);
      if (!type || !(isObjectType(type) || isInputObjectType(type))) return;
      const fields: Record<string, GraphQLField<unknown, unknown> | GraphQLInputField> = type.getFields();
      const missing: string[] = [];
      const looser: string[] = [];
      for (const source of sources) {
        const required = new Set(source.required ?? []);
        for (const [name, property] of Object.entries(source.properties ?? {})) {
          const field = fields[camel(name)];
          if (!field) {
            missing.push(`${name} → ${camel(name)}`);
            continue;
          }
          // Output: always sent by REST, never null in GraphQL. (Inputs may be looser than REST:
          // REST's validators still judge the body.)
          const alwaysSent = required.has(name) && !nullable(property) && sources.length === 1;
          if (isObjectType(type) && alwaysSent && !isNonNullType(field.type)) looser.push(camel(name));
        }
      }
      expect(missing, `${typeName} lacks`).toEqual([]);
      expect(looser, `${typeName} makes nullable what REST always sends`).toEqual([]);
    });
  }

  it("every component that GraphQL names is covered", () => {
    const named = Object.keys(components).filter((name) => {
      const type = schema.getType(name);
      return type && isObjectType(type) && components[name]?.properties;
    });
    expect(named.filter((name) => !(name in SHARED))).toEqual([]);
  });
});

describe("enums", () => {
  const values = enumResolvers(parse(sdl));
  const restEnums: Record<string, unknown[] | undefined> = {
    InvoiceStatus: component("InvoiceStatus").enum,
    PartyType: component("PartyType").enum,
    PaymentMode: component("PaymentMode").enum,
    CreditNoteReason: component("CreditNoteReason").enum,
    DebitNoteReason: component("DebitNoteReason").enum,
    Plan: component("Plan").enum,
    NumberReset: component("NumberReset").enum,
    EInvoiceStatus: component("EInvoiceStatus").enum,
    SupplyType: component("Invoice").properties?.supply_type?.enum,
    SgstLabel: component("Invoice").properties?.sgst_label?.enum,
    SubscriptionStatus: component("Account").properties?.subscription_status?.enum,
    WebhookStatus: component("Webhook").properties?.status?.enum,
    WebhookDisabledReason: component("Webhook").properties?.disabled_reason?.enum,
  };
  for (const [name, rest] of Object.entries(restEnums)) {
    it(`${name}: one CAPS value for each REST value`, () => {
      const type = schema.getType(name);
      expect(type && isEnumType(type)).toBe(true);
      expect(Object.values(values[name] ?? {}).sort()).toEqual((rest ?? []).filter((v) => v !== null).sort());
      for (const value of Object.keys(values[name] ?? {})) expect(value).toMatch(/^[A-Z][A-Z0-9_]*$/);
    });
  }

  it("every enum of the SDL is one of them", () => {
    const enums = Object.values(schema.getTypeMap()).filter((t) => isEnumType(t) && !t.name.startsWith("__"));
    expect(enums.map((t) => t.name).sort()).toEqual(Object.keys(restEnums).sort());
  });
});

it("GraphQL's names follow its conventions: PascalCase types, camelCase fields", () => {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    expect(type.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    if (!isObjectType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      expect(field.name, `${type.name}.${field.name}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      getNamedType(field.type);
    }
  }
});
