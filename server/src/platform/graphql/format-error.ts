import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { asUnavailable, type ErrorHandlerHooks } from '../db/availability';
import { DomainError, isInvalidDataError } from '../shared/errors';

const PASSTHROUGH_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'QUERY_TOO_COMPLEX',
  'FORBIDDEN',
]);

/**
 * The one mapping from errors to GraphQL: domain errors keep their code and message;
 * GraphQL's own request errors pass through; anything else is logged and masked.
 */
export function makeFormatError(logger: Logger, hooks: ErrorHandlerHooks = {}) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = asUnavailable(unwrapResolverError(error), hooks.onDatabaseUnavailable);
    if (original instanceof DomainError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: {
          code: original.code,
          ...(original.field ? { field: original.field } : {}),
          ...(original.retryAfterSeconds !== undefined ? { retryAfterSeconds: original.retryAfterSeconds } : {}),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PASSTHROUGH_CODES.has(code)) {
      const field = formatted.extensions?.field;
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code, ...(typeof field === 'string' ? { field } : {}) } };
    }
    // (Apollo fills in INTERNAL_SERVER_ERROR on the formatted copy, so look at the original's own code.)
    if (original instanceof GraphQLError && !original.originalError && !original.extensions?.code) {
      // Coercion errors (wrong variable types etc.) are the client's fault.
      return { message: formatted.message, locations: formatted.locations, extensions: { code: 'BAD_USER_INPUT' } };
    }
    if (isInvalidDataError(original)) {
      logger.warn({ err: original }, 'input refused by the database (missing validation?)');
      return { message: 'Invalid input', locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
    }
    logger.error({ err: original }, 'unexpected GraphQL error');
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
