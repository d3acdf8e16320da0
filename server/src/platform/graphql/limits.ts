import {
  GraphQLError,
  Kind,
  getNamedType,
  isListType,
  getNullableType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  isCompositeType,
  isObjectType,
  isInterfaceType,
} from 'graphql';

/**
 * Query limits (the same on HTTP and WebSocket): depth, aliases, tokens, size and a cost
 * estimate where list fields multiply the cost of their children by their page size.
 * A refused query gets a 400 whose message says which limit was hit.
 */
export const QUERY_LIMITS = {
  maxDepth: 8,
  maxAliases: 15,
  maxTokens: 1000,
  maxDocumentBytes: 100 * 1024,
  maxCost: 5000,
  /**
   * Assumed page size of a list field without a `first`/`limit` argument, unless the field declares
   * its own with `@Extensions({ listSize: n })` (the `assumedSize` of the GraphQL cost directive):
   * its largest size when a rule bounds it, else its expected one.
   */
  defaultListSize: 10,
} as const;

const limitError = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });

/** Static rules, run with graphql validation: depth and aliases. */
export const limitValidationRules: ValidationRule[] = [
  (context) => ({
    OperationDefinition(operation) {
      const fragments = Object.fromEntries(
        context.getDocument().definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
      );
      // Memoised per fragment: a chain of fragments each spreading the next twice would
      // otherwise take exponential time to walk (a tiny document pinning a CPU).
      const depth = selectionDepth(operation.selectionSet, fragments, new Set(), new Map());
      if (depth > QUERY_LIMITS.maxDepth) {
        context.reportError(limitError(`Query depth ${depth} exceeds the limit of ${QUERY_LIMITS.maxDepth}`));
      }
      const aliases = countAliases(operation.selectionSet, fragments, new Set(), new Map());
      if (aliases > QUERY_LIMITS.maxAliases) {
        context.reportError(limitError(`Query uses ${aliases} aliases; the limit is ${QUERY_LIMITS.maxAliases}`));
      }
    },
  }),
];

type Fragments = Record<string, FragmentDefinitionNode>;

/** A fragment's value, computed once per document (cycles count 0: graphql's own rules report them). */
function viaFragment(name: string, fragments: Fragments, seen: Set<string>, memo: Map<string, number>, walk: (set: SelectionSetNode, seen: Set<string>) => number): number {
  if (seen.has(name) || !fragments[name]) return 0;
  if (!memo.has(name)) memo.set(name, walk(fragments[name].selectionSet, new Set([...seen, name])));
  return memo.get(name)!;
}

function selectionDepth(set: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>, memo: Map<string, number>): number {
  if (!set) return 0;
  let max = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value.startsWith('__')) continue;
      max = Math.max(max, sel.selectionSet ? 1 + selectionDepth(sel.selectionSet, fragments, seen, memo) : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, selectionDepth(sel.selectionSet, fragments, seen, memo));
    } else {
      max = Math.max(max, viaFragment(sel.name.value, fragments, seen, memo, (s, n) => selectionDepth(s, fragments, n, memo)));
    }
  }
  return max;
}

function countAliases(set: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>, memo: Map<string, number>): number {
  if (!set) return 0;
  let n = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) n += (sel.alias ? 1 : 0) + countAliases(sel.selectionSet, fragments, seen, memo);
    else if (sel.kind === Kind.INLINE_FRAGMENT) n += countAliases(sel.selectionSet, fragments, seen, memo);
    else n += viaFragment(sel.name.value, fragments, seen, memo, (s, next) => countAliases(s, fragments, next, memo));
  }
  return n;
}

/**
 * Estimated cost of an operation with its variables: every field costs 1, and a list field
 * multiplies its children's cost by its page size (`first`/`limit`, else a default).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): number {
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return 0;

  const pageSize = (field: FieldNode, def: GraphQLField<unknown, unknown>): number => {
    for (const arg of field.arguments ?? []) {
      if (arg.name.value !== 'first' && arg.name.value !== 'limit') continue;
      const v = arg.value;
      const raw = v.kind === Kind.INT ? Number(v.value) : v.kind === Kind.VARIABLE ? Number(variables[v.name.value]) : NaN;
      if (Number.isFinite(raw) && raw >= 0) return raw;
    }
    // Not given: the field's own default page size (e.g. creators' 20), else the size the field
    // declares (`@Extensions({ listSize })`, e.g. a delivery's files), else the assumed one.
    const fallback = def.args.find((a) => a.name === 'first' || a.name === 'limit')?.defaultValue;
    if (typeof fallback === 'number') return fallback;
    const declared = (def.extensions as { listSize?: unknown } | undefined)?.listSize;
    return typeof declared === 'number' ? declared : QUERY_LIMITS.defaultListSize;
  };

  const fragmentCosts = new Map<string, number>();
  const costOf = (set: SelectionSetNode, parent: GraphQLCompositeType, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const def = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!def) continue;
        const named = getNamedType(def.type);
        const child = sel.selectionSet && isCompositeType(named) ? costOf(sel.selectionSet, named, seen) : 0;
        // A connection multiplies by its page size once; its `edges` list is that same page.
        const isList = (isListType(getNullableType(def.type)) && !parent.name.endsWith('Connection')) || named.name.endsWith('Connection');
        total += 1 + (isList ? pageSize(sel, def) : 1) * child;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const typeName = sel.typeCondition?.name.value;
        const type = typeName ? schema.getType(typeName) : parent;
        if (type && isCompositeType(type)) total += costOf(sel.selectionSet, type, seen);
      } else {
        total += viaFragment(sel.name.value, fragments, seen, fragmentCosts, (fragSet, next) => {
          const type = schema.getType(fragments[sel.name.value].typeCondition.name.value);
          return type && isCompositeType(type) ? costOf(fragSet, type, next) : 0;
        });
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, new Set());
}

/**
 * Costs of operations whose page sizes are all literal (or defaults), per operation node: Apollo
 * hands out the same parsed document for repeated query text, so repeated requests (every cache
 * hit of the listing) skip the walk. Operations with a `first: $variable` are computed each time.
 */
const constantCosts = new WeakMap<OperationDefinitionNode, number>();

function cachedCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables?: Record<string, unknown>): number {
  const known = constantCosts.get(operation);
  if (known !== undefined) return known;
  let readVariable = false;
  const tracked = new Proxy(variables ?? {}, { get: (target, key) => ((readVariable = true), Reflect.get(target, key)) });
  const cost = operationCost(schema, document, operation, tracked);
  if (!readVariable) constantCosts.set(operation, cost);
  return cost;
}

/** Throws a 400 QUERY_TOO_COMPLEX error when the operation's estimated cost is over the limit. */
export function assertCostWithinLimit(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables?: Record<string, unknown>,
): void {
  const cost = cachedCost(schema, document, operation, variables);
  if (cost > QUERY_LIMITS.maxCost) {
    throw limitError(`Query cost ${cost} exceeds the limit of ${QUERY_LIMITS.maxCost}; request fewer items per page or fewer nested lists`);
  }
}
