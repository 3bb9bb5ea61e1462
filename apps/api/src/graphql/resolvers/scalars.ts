import { GraphQLError, GraphQLScalarType, Kind } from "graphql";

const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

function decimalOf(value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && DECIMAL_TEXT.test(value)) return Number(value);
  throw new GraphQLError(`Decimal cannot represent ${String(value)}: send a number such as 1180.5.`);
}

/**
 * Money, rates and quantities as REST writes them: JSON numbers with at most two (or three) decimals,
 * which the use cases read as exact decimals. An input may also be the number's text; either way it
 * reaches the use case as REST's JSON body would, and the spec's decimal rules judge it there.
 */
export const Decimal = new GraphQLScalarType({
  name: "Decimal",
  serialize: decimalOf,
  parseValue: decimalOf,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT || ast.kind === Kind.STRING)
      return decimalOf(ast.value);
    throw new GraphQLError("Decimal is a number such as 1180.5, or its text.");
  },
});

/** An event's object, as REST writes it. */
export const JsonScalar = new GraphQLScalarType({
  name: "JSON",
  serialize: (value) => value,
  parseValue: (value) => value,
});
