import { Kind, visit, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';

/**
 * Selection sets read ahead of execution, as graphql-js's executor collects them: the fields of a
 * selection set by response key (alias or name), in the order it answers them (first occurrence),
 * through inline and named fragments, honouring `@skip` / `@include`; fields asked twice under one
 * key are merged (their sub-selections are read together). Used by compiled reads, which build an
 * answer without graphql-js's field-by-field execution and must shape it exactly the same way.
 */

export interface CollectedField {
  /** The field's name (the key is its alias, if any). */
  name: string;
  /** Every node asking it under this key (validation made their arguments the same). */
  nodes: FieldNode[];
}

/** Fragment definitions of a document by name. */
export const fragmentsOf = (document: DocumentNode): Record<string, FragmentDefinitionNode> =>
  Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));

/**
 * The fields of `sets` by response key, or null when a selection uses a directive other than
 * `@skip` / `@include`, or a fragment whose type condition is not `typeName` (the caller then
 * leaves the operation to graphql-js). `variables` are the coerced variable values.
 */
export function collectFields(
  sets: readonly SelectionSetNode[],
  typeName: string,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): Map<string, CollectedField> | null {
  const fields = new Map<string, CollectedField>();
  const seenFragments = new Set<string>();
  const walk = (set: SelectionSetNode): boolean => {
    for (const s of set.selections) {
      const included = isIncluded(s.directives, variables);
      if (included === null) return false;
      if (!included) continue;
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        const known = fields.get(key);
        if (known) known.nodes.push(s);
        else fields.set(key, { name: s.name.value, nodes: [s] });
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (s.typeCondition && s.typeCondition.name.value !== typeName) return false;
        if (!walk(s.selectionSet)) return false;
      } else {
        if (seenFragments.has(s.name.value)) continue;
        seenFragments.add(s.name.value);
        const fragment = fragments[s.name.value];
        if (!fragment || fragment.typeCondition.name.value !== typeName) return false;
        if (!walk(fragment.selectionSet)) return false;
      }
    }
    return true;
  };
  for (const set of sets) if (!walk(set)) return null;
  return fields;
}

/** The sub-selections of a collected field (all its nodes'). */
export const subSelections = (field: CollectedField): SelectionSetNode[] => field.nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));

/** true / false for `@skip` / `@include`, null for any other directive (or a value that is not a boolean). */
function isIncluded(directives: readonly { name: { value: string }; arguments?: readonly { name: { value: string }; value: ValueNode }[] }[] | undefined, variables: Record<string, unknown>): boolean | null {
  if (!directives?.length) return true;
  let included = true;
  for (const d of directives) {
    if (d.name.value !== 'skip' && d.name.value !== 'include') return null;
    const arg = d.arguments?.find((a) => a.name.value === 'if');
    if (!arg) return null;
    const value = arg.value.kind === Kind.BOOLEAN ? arg.value.value : arg.value.kind === Kind.VARIABLE ? variables[arg.value.name.value] : undefined;
    if (typeof value !== 'boolean') return null;
    if (d.name.value === 'skip' ? value : !value) included = false;
  }
  return included;
}

/** Names of the variables a document uses in `@skip` / `@include`: the only ones that change its shape. */
export function directiveVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Directive(node) {
      if (node.name.value !== 'skip' && node.name.value !== 'include') return;
      for (const arg of node.arguments ?? []) if (arg.value.kind === Kind.VARIABLE) names.add(arg.value.name.value);
    },
  });
  return [...names];
}
