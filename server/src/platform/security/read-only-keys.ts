import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Viewer } from '../shared/context';

/**
 * What a partner API key may do: read. Queries (the public listing, profiles, reviews, slots and
 * the key owner's own data) and REST GETs are allowed; mutations and REST writes are FORBIDDEN,
 * so a leaked key can never move money, bookings or profiles. Sign in to make changes.
 */
export const READ_ONLY_KEY_MESSAGE = 'API keys are read-only: sign in to make changes';

const keyViewer = (res: Response) => Boolean((res.locals.viewer as Viewer | null | undefined)?.partnerKeyId);

/** REST: any method but GET/HEAD/OPTIONS made with a key is refused with 403. */
export const readOnlyKeysForRest: RequestHandler = (req, res, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !keyViewer(res)) return next();
  res.status(403).json({ success: false, error: READ_ONLY_KEY_MESSAGE, code: 'FORBIDDEN' });
};

/** GraphQL: a mutation (or subscription) made with a key is refused with 403 before anything runs. */
export function readOnlyKeysPlugin<C extends { viewer: Viewer | null }>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation }) {
          if (contextValue.viewer?.partnerKeyId && operation && operation.operation !== 'query') {
            throw new GraphQLError(READ_ONLY_KEY_MESSAGE, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
          }
        },
      };
    },
  };
}
