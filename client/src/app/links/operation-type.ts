import type { Operation } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';

/** `query`, `mutation` or `subscription`: what an operation is. */
export function operationType({ query }: Operation) {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' ? definition.operation : undefined;
}
