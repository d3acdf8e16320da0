import {
  getArgumentValues,
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';

/**
 * Look-ahead for resolvers that can fetch a nested selection together with their own rows (one
 * statement instead of one per level): which fields a query asks under the current one, through
 * inline fragments and named fragments, honouring `@skip` / `@include`.
 */
export function subFields(info: GraphQLResolveInfo, parents: readonly FieldNode[], name: string): FieldNode[] {
  const found: FieldNode[] = [];
  const visit = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (!included(info, s)) continue;
      if (s.kind === Kind.FIELD) {
        if (s.name.value === name) found.push(s);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        visit(s.selectionSet);
      } else {
        visit(info.fragments[s.name.value]?.selectionSet);
      }
    }
  };
  for (const parent of parents) visit(parent.selectionSet);
  return found;
}

/**
 * The value of argument `arg` of field `typeName.fieldName` as every one of `nodes` asks it
 * (variables and defaults applied); `undefined` when the nodes disagree (aliases with different
 * arguments) or the argument is invalid, so the caller leaves the field to its own resolver.
 */
export function sameArgument(info: GraphQLResolveInfo, typeName: string, fieldName: string, nodes: readonly FieldNode[], arg: string): unknown {
  const type = info.schema.getType(typeName);
  const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field || nodes.length === 0) return undefined;
  let value: unknown;
  for (const [i, node] of nodes.entries()) {
    let v: unknown;
    try {
      v = getArgumentValues(field, node, info.variableValues)[arg];
    } catch {
      return undefined; // the field's own resolution reports it
    }
    if (i > 0 && v !== value) return undefined;
    value = v;
  }
  return value;
}

function included(info: GraphQLResolveInfo, node: { directives?: readonly unknown[] } & Parameters<typeof getDirectiveValues>[1]): boolean {
  if (!node.directives?.length) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, info.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues);
  return include?.if !== false;
}
