import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from './module';
import type { ServiceContext, Viewer } from './shared/context';
import type { LoaderCache } from './shared/loaders';

/** What every transport (GraphQL over HTTP/WS, REST) builds per request. */
export interface RequestContext extends ServiceContext {
  services: Services;
  requestId: string;
  /** DataLoaders of this request only (see shared/loaders.ts). */
  loaders: LoaderCache;
}

export function createRequestContext(args: {
  em: EntityManager;
  viewer: Viewer | null;
  services: Services;
  requestId: string;
  ip?: string;
  userAgent?: string;
}): RequestContext {
  // A fresh EntityManager fork per request: no identity map shared between requests.
  return { ...args, em: args.em.fork(), loaders: new Map() };
}
