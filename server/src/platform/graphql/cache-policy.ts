import {
  DirectiveLocation,
  getDirectiveValues,
  getNamedType,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInt,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isCompositeType,
  isObjectType,
  Kind,
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { directiveVariables } from './selection';

/**
 * What may be kept or shared of an answer is declared on the schema, with Apollo's `@cacheControl`
 * hints (type-graphql: `@Directive('@cacheControl(maxAge: 30)')` on a field or an object type), and
 * read here for a whole operation before it runs, with the rules of Apollo's cache-control plugin:
 *
 * - a field's hint is its return type's hint, overridden by the field's own; `inheritMaxAge` takes
 *   the parent's age (the field does not lower it);
 * - a root field, or a field returning an object, without a `maxAge` gets 0 (not cacheable);
 * - scalar fields without a hint inherit; the operation's policy is the lowest `maxAge` of its
 *   fields, and PRIVATE when any field is PRIVATE (its value depends on who asks).
 *
 * Unlike Apollo's plugin, which learns the policy while resolving, this reads every field the
 * operation may ask (fields under fragments of every possible type, fields that may resolve to
 * null), so it is known before execution: the response cache (response-cache.ts) keeps and serves
 * only PUBLIC answers with a `maxAge`, the Cache-Control header says `public` only for them, and a
 * compiled read (compiled-roots.ts) declines any operation with a PRIVATE field.
 */

export type CacheScope = 'PUBLIC' | 'PRIVATE';

export interface CachePolicy {
  /** Seconds an answer may be kept (0: not at all). */
  maxAge: number;
  scope: CacheScope;
}

/** `@cacheControl`'s scope argument (as Apollo declares it). */
export const CacheControlScope = new GraphQLEnumType({ name: 'CacheControlScope', values: { PUBLIC: {}, PRIVATE: {} } });

/** Apollo's `@cacheControl` directive, declared in the schema so the hints are part of the contract. */
export const cacheControlDirective = new GraphQLDirective({
  name: 'cacheControl',
  description: 'How long an answer with this field may be kept, and whether it depends on who asks (PRIVATE)',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: { maxAge: { type: GraphQLInt }, scope: { type: CacheControlScope }, inheritMaxAge: { type: GraphQLBoolean } },
});

/** The hint type-graphql puts on the public catalogue's root fields. */
export const PUBLIC_ROOT_HINT = '@cacheControl(maxAge: 30)';
/** The hint of a type that is as cacheable as the field it is read through. */
export const INHERIT_HINT = '@cacheControl(inheritMaxAge: true)';
/** The hint of a field whose value depends on who asks. */
export const PRIVATE_HINT = '@cacheControl(scope: PRIVATE)';

interface Hint {
  maxAge?: number;
  scope?: CacheScope;
  inheritMaxAge?: boolean;
}

type Hinted = { astNode?: { directives?: readonly DirectiveNode[] } | null; extensionASTNodes?: readonly { directives?: readonly DirectiveNode[] }[] };

const hints = new WeakMap<object, Hint>();

/** The `@cacheControl` hint written on a field or type (its definition and extensions). */
function hintOf(element: Hinted): Hint {
  let hint = hints.get(element);
  if (hint) return hint;
  hint = {};
  const nodes = [element.astNode, ...(element.extensionASTNodes ?? [])];
  for (const node of nodes) {
    const values = node ? getDirectiveValues(cacheControlDirective, node) : undefined;
    if (!values) continue;
    if (typeof values.maxAge === 'number') hint.maxAge = values.maxAge;
    if (values.scope === 'PUBLIC' || values.scope === 'PRIVATE') hint.scope = values.scope;
    if (values.inheritMaxAge === true) hint.inheritMaxAge = true;
  }
  hints.set(element, hint);
  return hint;
}

class Policy {
  maxAge: number | undefined;
  scope: CacheScope = 'PUBLIC';
  restrict(maxAge: number | undefined, scope: CacheScope | undefined) {
    if (maxAge !== undefined && (this.maxAge === undefined || maxAge < this.maxAge)) this.maxAge = maxAge;
    if (scope === 'PRIVATE') this.scope = 'PRIVATE';
  }
}

/** A field's own policy, as Apollo's plugin computes it (undefined maxAge: inherits, does not lower). */
function fieldPolicy(field: GraphQLField<unknown, unknown>, isRoot: boolean): { maxAge?: number; scope?: CacheScope } {
  const target = getNamedType(field.type);
  let maxAge: number | undefined;
  let scope: CacheScope | undefined;
  let inherit = false;
  if (isCompositeType(target)) {
    const t = hintOf(target);
    maxAge = t.maxAge;
    scope = t.scope;
    inherit = !!t.inheritMaxAge;
  }
  const f = hintOf(field);
  if (f.inheritMaxAge && maxAge === undefined) {
    inherit = true;
    if (f.scope) scope = f.scope;
  } else {
    if (f.maxAge !== undefined) maxAge = f.maxAge;
    if (f.scope) scope = f.scope;
  }
  if (maxAge === undefined && ((isCompositeType(target) && !inherit) || isRoot)) maxAge = 0;
  return { maxAge, scope };
}

function included(node: Parameters<typeof getDirectiveValues>[1], variables: Record<string, unknown>): boolean {
  if (!node.directives?.length) return true;
  try {
    if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  } catch {
    return true; // a bad value: execution reports it; here the field counts
  }
}

/** The object types a selection on `type` may run on. */
const objectTypesOf = (schema: GraphQLSchema, type: GraphQLCompositeType) => (isAbstractType(type) ? schema.getPossibleTypes(type) : isObjectType(type) ? [type] : []);

function compute(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): CachePolicy {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  const policy = new Policy();
  const root = schema.getQueryType();
  if (!root || operation.operation !== 'query') return { maxAge: 0, scope: 'PUBLIC' }; // only queries are kept

  const walk = (set: SelectionSetNode, type: GraphQLCompositeType, isRoot: boolean, spreads: ReadonlySet<string>) => {
    for (const s of set.selections) {
      if (!included(s, variables)) continue;
      if (s.kind === Kind.INLINE_FRAGMENT || s.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : fragments[s.name.value];
        if (!fragment || (s.kind === Kind.FRAGMENT_SPREAD && spreads.has(s.name.value))) continue;
        const condition: GraphQLNamedType | undefined = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        if (condition && isCompositeType(condition)) walk(fragment.selectionSet, condition, isRoot, s.kind === Kind.FRAGMENT_SPREAD ? new Set([...spreads, s.name.value]) : spreads);
        continue;
      }
      const name = s.name.value;
      if (name === '__typename') continue;
      if (name.startsWith('__')) {
        policy.restrict(0, undefined); // introspection is not a cacheable read here
        continue;
      }
      // Each object type the field may run on counts (an interface's implementations may hint differently).
      for (const object of objectTypesOf(schema, type)) {
        const field = object.getFields()[name];
        if (!field) continue;
        const own = fieldPolicy(field, isRoot);
        policy.restrict(own.maxAge, own.scope);
        const target = getNamedType(field.type);
        if (s.selectionSet && isCompositeType(target)) walk(s.selectionSet, target, false, spreads);
      }
    }
  };
  walk(operation.selectionSet, root, true, new Set());
  return { maxAge: policy.maxAge ?? 0, scope: policy.scope };
}

const MAX_SHAPES = 50;
const computed = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, { shaping: string[]; byShape: Map<string, CachePolicy> }>>();

/**
 * The cache policy of an operation, from the `@cacheControl` hints of every field it may ask;
 * remembered per schema, document, operation and `@skip`/`@include` variables.
 */
export function operationCachePolicy(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): CachePolicy {
  let documents = computed.get(schema);
  if (!documents) computed.set(schema, (documents = new WeakMap()));
  let doc = documents.get(document);
  if (!doc) documents.set(document, (doc = { shaping: directiveVariables(document), byShape: new Map() }));
  const vars = variables ?? {};
  const key = `${operation.name?.value ?? ''}\u0000${doc.shaping.map((v) => JSON.stringify(vars[v] ?? null)).join('\u0000')}`;
  let policy = doc.byShape.get(key);
  if (!policy) {
    policy = compute(schema, document, operation, vars);
    if (doc.byShape.size < MAX_SHAPES) doc.byShape.set(key, policy);
  }
  return policy;
}

/** Whether one answer to the operation may be kept and served to anyone (PUBLIC, with a maxAge). */
export const isSharedCacheable = (policy: CachePolicy) => policy.scope === 'PUBLIC' && policy.maxAge > 0;
