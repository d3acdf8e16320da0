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
  /** Assumed page size of a list field without a `first`/`limit` argument. */
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
      const depth = selectionDepth(operation.selectionSet, fragments, new Set());
      if (depth > QUERY_LIMITS.maxDepth) {
        context.reportError(limitError(`Query depth ${depth} exceeds the limit of ${QUERY_LIMITS.maxDepth}`));
      }
      const aliases = countAliases(operation.selectionSet, fragments, new Set());
      if (aliases > QUERY_LIMITS.maxAliases) {
        context.reportError(limitError(`Query uses ${aliases} aliases; the limit is ${QUERY_LIMITS.maxAliases}`));
      }
    },
  }),
];

function selectionDepth(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let max = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value.startsWith('__')) continue;
      max = Math.max(max, sel.selectionSet ? 1 + selectionDepth(sel.selectionSet, fragments, seen) : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, selectionDepth(sel.selectionSet, fragments, seen));
    } else {
      const name = sel.name.value;
      if (seen.has(name) || !fragments[name]) continue; // cycles are reported by graphql's own rules
      max = Math.max(max, selectionDepth(fragments[name].selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return max;
}

function countAliases(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let n = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) n += (sel.alias ? 1 : 0) + countAliases(sel.selectionSet, fragments, seen);
    else if (sel.kind === Kind.INLINE_FRAGMENT) n += countAliases(sel.selectionSet, fragments, seen);
    else if (!seen.has(sel.name.value) && fragments[sel.name.value]) {
      n += countAliases(fragments[sel.name.value].selectionSet, fragments, new Set([...seen, sel.name.value]));
    }
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

  const pageSize = (field: FieldNode): number => {
    for (const arg of field.arguments ?? []) {
      if (arg.name.value !== 'first' && arg.name.value !== 'limit') continue;
      const v = arg.value;
      const raw = v.kind === Kind.INT ? Number(v.value) : v.kind === Kind.VARIABLE ? Number(variables[v.name.value]) : NaN;
      if (Number.isFinite(raw) && raw >= 0) return raw;
    }
    return QUERY_LIMITS.defaultListSize;
  };

  const costOf = (set: SelectionSetNode, parent: GraphQLCompositeType, seen: Set<string>): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const def = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[sel.name.value] : undefined;
        if (!def) continue;
        const named = getNamedType(def.type);
        const child = sel.selectionSet && isCompositeType(named) ? costOf(sel.selectionSet, named, seen) : 0;
        const isList = isListType(getNullableType(def.type)) || named.name.endsWith('Connection');
        total += 1 + (isList ? pageSize(sel) : 1) * child;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const typeName = sel.typeCondition?.name.value;
        const type = typeName ? schema.getType(typeName) : parent;
        if (type && isCompositeType(type)) total += costOf(sel.selectionSet, type, seen);
      } else {
        const frag = fragments[sel.name.value];
        if (!frag || seen.has(frag.name.value)) continue;
        const type = schema.getType(frag.typeCondition.name.value);
        if (type && isCompositeType(type)) total += costOf(frag.selectionSet, type, new Set([...seen, frag.name.value]));
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, new Set());
}

/** Throws a 400 QUERY_TOO_COMPLEX error when the operation's estimated cost is over the limit. */
export function assertCostWithinLimit(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables?: Record<string, unknown>,
): void {
  const cost = operationCost(schema, document, operation, variables);
  if (cost > QUERY_LIMITS.maxCost) {
    throw limitError(`Query cost ${cost} exceeds the limit of ${QUERY_LIMITS.maxCost}; request fewer items per page or fewer nested lists`);
  }
}
