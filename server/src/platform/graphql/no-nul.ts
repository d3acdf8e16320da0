import { GraphQLError, Kind, valueFromASTUntyped, visit, type DocumentNode } from 'graphql';
import { findNul } from '../shared/validation';

/**
 * GraphQL's side of "no text carries a NUL character" (shared/validation.ts): the operation's
 * variables, and argument literals written with a `\u0000` escape, are refused with 400
 * BAD_USER_INPUT naming the field (`bio` of an input object), before anything runs (HTTP and WebSocket alike).
 */
export function assertNoNulInOperation(document: DocumentNode, variables: Record<string, unknown> | null | undefined, source?: string): void {
  // An input object is named by its fields (`bio`, as the services name them), a scalar by its name.
  let found: string[] | null = null;
  for (const [name, value] of Object.entries(variables ?? {})) {
    found ??= findNul(value, isInputObject(value) ? [] : [name]);
  }
  // Only a document whose text has the escape can hold one in a literal (a raw NUL does not parse).
  if (!found && (source === undefined || source.includes('\\u0000'))) {
    visit(document, {
      Argument(node) {
        if (found || node.value.kind === Kind.VARIABLE) return;
        const value: unknown = valueFromASTUntyped(node.value);
        found = findNul(value, isInputObject(value) ? [] : [node.name.value]);
      },
    });
  }
  if (!found) return;
  const field = found.join('.');
  throw new GraphQLError(`${field} must not contain the NUL character (U+0000)`, {
    extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } },
  });
}

const isInputObject = (value: unknown): boolean => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
