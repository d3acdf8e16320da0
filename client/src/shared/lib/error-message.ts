import { ApolloError } from '@apollo/client';

/**
 * The message a user should read for a failed call: the server's own message when it sent one
 * (GraphQL error or error body), otherwise the screen's fallback text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApolloError) {
    const graphQLMessage = error.graphQLErrors[0]?.message;
    if (graphQLMessage) return graphQLMessage;
    const network = error.networkError as { result?: { errors?: { message?: string }[] } } | null;
    const bodyMessage = network?.result?.errors?.[0]?.message;
    if (bodyMessage) return bodyMessage;
    return fallback;
  }
  return fallback;
}

/** The API's `extensions.code` of a failed call (NOT_FOUND, CONFLICT, PAYMENT_FAILED, ...), if it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApolloError)) return undefined;
  const code = error.graphQLErrors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The input field the API named as wrong (`extensions.field`, e.g. "currentPassword"), if it named one. */
export function errorField(error: unknown): string | undefined {
  if (!(error instanceof ApolloError)) return undefined;
  const field = error.graphQLErrors[0]?.extensions?.field;
  return typeof field === 'string' ? field : undefined;
}
