// ESLint lints only the GraphQL SDL (spec/graphql/); Biome formats and lints everything else.
import graphqlPlugin from "@graphql-eslint/eslint-plugin";

export default [
  {
    files: ["spec/graphql/*.graphql"],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: "spec/graphql/*.graphql" } },
    },
    plugins: { "@graphql-eslint": graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs["flat/schema-recommended"].rules,
      // Objects with an id implement Node; the others are values inside them (an invoice's lines,
      // an address), pages of a connection and mutation payloads, which have none.
      "@graphql-eslint/strict-id-in-types": [
        "error",
        {
          exceptions: {
            suffixes: ["Connection", "Edge", "Payload", "Item", "Summary", "Input"],
            types: [
              "PageInfo",
              "UserError",
              "Address",
              "InvoiceParty",
              "ShipTo",
              "ShippingBill",
              "InvoiceCancellation",
              "EInvoiceError",
              "PaymentAllocation",
              "InvoiceAllocation",
              "EventData",
              "Gstr1Sections",
              "Gstr1DocIssue",
              "Gstr1Warning",
            ],
          },
        },
      ],
    },
  },
];
