import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

// The calculated query cost (as Shopify's Admin API computes it), from the GraphQL cost directive
// specification's @cost and @listSize in the SDL:
// - a scalar or enum field costs 0; a field whose object is read (a Node, or a field naming its REST
//   operation) costs 1; an object carried inside another (an invoice's lines, an address) costs 0;
// - a connection costs 2 plus `first` (or the page actually answered) times its nodes' cost;
// - a list costs its @listSize `assumedSize` (or the elements actually answered) times an element's;
// - `@cost(weight:)` replaces a field's own cost (a mutation's 10).
// The requested cost walks the query alone; the actual cost walks it beside the answer's data.

interface Walk {
  readonly schema: GraphQLSchema;
  readonly variables: Record<string, unknown>;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

type Data = Record<string, unknown> | null | undefined;

const CONNECTION_COST = 2;

/** Each field's directives as read once: the walks visit the same fields for every query. */
const directivesRead = new WeakMap<
  GraphQLField<unknown, unknown>,
  Map<string, Record<string, unknown> | undefined>
>();

function directive(walk: Walk, name: string, field: GraphQLField<unknown, unknown>) {
  let read = directivesRead.get(field);
  if (!read) {
    read = new Map();
    directivesRead.set(field, read);
  }
  if (!read.has(name)) {
    const definition = walk.schema.getDirective(name);
    read.set(name, definition && field.astNode ? getDirectiveValues(definition, field.astNode) : undefined);
  }
  return read.get(name);
}

/** What reading the field's object costs, apart from what is selected inside it. */
function ownCost(walk: Walk, field: GraphQLField<unknown, unknown>): number {
  const weight = directive(walk, "cost", field)?.weight as string | undefined;
  if (weight !== undefined) return Number(weight);
  const type = getNamedType(field.type);
  if (isLeafType(type)) return 0;
  if (directive(walk, "operation", field)) return 1;
  const isNode = (t: unknown) => isObjectType(t) && t.getInterfaces().some((i) => i.name === "Node");
  return isNode(type) || (isInterfaceType(type) && type.name === "Node") ? 1 : 0;
}

function selectionCost(
  walk: Walk,
  parent: GraphQLCompositeType,
  set: SelectionSetNode,
  data: Data,
  actual: boolean,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(walk, parent, selection, data, actual);
      continue;
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments.get(selection.name.value);
    if (!fragment) continue;
    const condition = fragment.typeCondition
      ? walk.schema.getType(fragment.typeCondition.name.value)
      : parent;
    if (condition && isCompositeType(condition)) {
      cost += selectionCost(walk, condition, fragment.selectionSet, data, actual);
    }
  }
  return cost;
}

function fieldCost(
  walk: Walk,
  parent: GraphQLCompositeType,
  node: FieldNode,
  data: Data,
  actual: boolean,
): number {
  if (node.name.value.startsWith("__")) return 0;
  const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
  const field = fields[node.name.value];
  if (!field) return 0;
  const own = ownCost(walk, field);
  const type = getNamedType(field.type);
  if (!node.selectionSet || !isCompositeType(type)) return own;
  const value = data ? data[node.alias?.value ?? node.name.value] : undefined;
  if (actual && (value === null || value === undefined)) return own;
  const listSize = directive(walk, "listSize", field);
  const sized = listSize?.sizedFields as string[] | undefined;
  if (sized && isObjectType(type)) {
    const args = getArgumentValues(field, node, walk.variables);
    const slicing = (listSize?.slicingArguments as string[] | undefined) ?? [];
    const requested = slicing.map((name) => args[name]).find((n): n is number => typeof n === "number") ?? 1;
    return (
      CONNECTION_COST + connectionCost(walk, type, node.selectionSet, sized, value as Data, actual, requested)
    );
  }
  if (isListType(getNullableType(field.type))) {
    if (actual) {
      return (value as Data[]).reduce(
        (sum: number, element) =>
          sum + own + selectionCost(walk, type, node.selectionSet as SelectionSetNode, element, true),
        0,
      );
    }
    const assumed = (listSize?.assumedSize as number | undefined) ?? 1;
    return assumed * (own + selectionCost(walk, type, node.selectionSet, undefined, false));
  }
  return own + selectionCost(walk, type, node.selectionSet, value as Data, actual);
}

/** A connection's selections: its sized fields (`edges`, `nodes`) once for each node of the page. */
function connectionCost(
  walk: Walk,
  type: GraphQLCompositeType & { getFields(): Record<string, GraphQLField<unknown, unknown>> },
  set: SelectionSetNode,
  sized: readonly string[],
  data: Data,
  actual: boolean,
  requested: number,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || !sized.includes(selection.name.value)) {
      if (selection.kind === Kind.FIELD) cost += fieldCost(walk, type, selection, data, actual);
      continue;
    }
    const field = type.getFields()[selection.name.value];
    const element = field && getNamedType(field.type);
    if (!field || !selection.selectionSet || !element || !isCompositeType(element)) continue;
    const own = ownCost(walk, field);
    if (actual) {
      const elements = (data?.[selection.alias?.value ?? selection.name.value] as Data[] | undefined) ?? [];
      for (const value of elements)
        cost += own + selectionCost(walk, element, selection.selectionSet, value, true);
    } else {
      cost += requested * (own + selectionCost(walk, element, selection.selectionSet, undefined, false));
    }
  }
  return cost;
}

function walkOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): Walk {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return { schema, variables, fragments };
}

function rootOf(schema: GraphQLSchema, operation: OperationDefinitionNode) {
  return operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
}

/** The cost of `operation` before it runs, from its arguments and the SDL's list sizes. */
export function requestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const root = rootOf(schema, operation);
  return root
    ? selectionCost(walkOf(schema, document, variables), root, operation.selectionSet, undefined, false)
    : 0;
}

/** The cost of what `operation` answered: each list and page counted by what it held. */
export function actualCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data: Record<string, unknown> | null | undefined,
): number {
  const root = rootOf(schema, operation);
  return root && data
    ? selectionCost(walkOf(schema, document, variables), root, operation.selectionSet, data, true)
    : 0;
}
