import type { RequestContext } from '../request-context';

/** The GraphQL context: the request context (later plus per-request DataLoaders). */
export type GraphQLContext = RequestContext;
