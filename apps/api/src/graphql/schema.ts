import {
  type GraphQLFieldResolver,
  type GraphQLSchema,
  getDirectiveValues,
  isObjectType,
  parse,
} from "graphql";
import { createSchema } from "graphql-yoga";
import type { GraphContext } from "./context.js";
import { graphErrorOf } from "./errors.js";
import { sdl } from "./generated/sdl.js";
import { snakeCase } from "./names.js";
import { operationOf } from "./operations.js";
import { connectionResolvers } from "./resolvers/connections.js";
import { enumResolvers } from "./resolvers/enums.js";
import { Mutation } from "./resolvers/mutation.js";
import { Node, Query } from "./resolvers/query.js";
import { relationResolvers } from "./resolvers/relations.js";
import { Decimal, JsonScalar } from "./resolvers/scalars.js";

type Resolve = GraphQLFieldResolver<unknown, GraphContext>;

/** A field without a resolver of its own reads REST's snake_case property of its camelCase name. */
function restField(name: string): Resolve | undefined {
  const rest = snakeCase(name);
  if (rest === name) return undefined;
  return (source) => {
    const value = (source as Record<string, unknown>)[rest];
    return value === undefined ? (source as Record<string, unknown>)[name] : value;
  };
}

/**
 * A resolver that first checks the key holds the scopes of the field's REST operation (`@operation`),
 * and answers REST's refusals as GraphQL errors in REST's words.
 */
function guarded(resolve: Resolve, operationId: string | null): Resolve {
  return (source, args, ctx, info) => {
    try {
      if (operationId) ctx.runner.authorize(operationId);
      const value = resolve(source, args, ctx, info);
      return value instanceof Promise
        ? value.catch((error: unknown) => {
            throw graphErrorOf(error);
          })
        : value;
    } catch (error) {
      throw graphErrorOf(error);
    }
  };
}

/**
 * The executable schema: spec/graphql's SDL with the resolvers of src/graphql/resolvers. Fields
 * naming a REST operation are checked against its scopes (an unknown operation fails here, at start).
 */
export function buildSchema(): GraphQLSchema {
  const document = parse(sdl);
  const schema = createSchema<GraphContext>({
    typeDefs: document,
    resolvers: {
      Decimal,
      JSON: JsonScalar,
      ...enumResolvers(document),
      Node,
      Query,
      Mutation,
      ...connectionResolvers,
      ...relationResolvers,
    },
  });
  const operation = schema.getDirective("operation");
  if (!operation) throw new Error("the SDL lacks @operation");
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const operationId = field.astNode
        ? ((getDirectiveValues(operation, field.astNode)?.id as string | undefined) ?? null)
        : null;
      if (operationId) operationOf(operationId);
      if (field.resolve) field.resolve = guarded(field.resolve as Resolve, operationId);
      else if (operationId)
        throw new Error(`${type.name}.${field.name} names ${operationId} but has no resolver`);
      else field.resolve = restField(field.name);
    }
  }
  return schema;
}
