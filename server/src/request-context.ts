import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from './services';
import type { ServiceContext, Viewer } from './shared/context';

/** What every transport (GraphQL over HTTP/WS, REST) builds per request. */
export interface RequestContext extends ServiceContext {
  services: Services;
  requestId: string;
}

export function createRequestContext(args: {
  em: EntityManager;
  viewer: Viewer | null;
  services: Services;
  requestId: string;
  ip?: string;
}): RequestContext {
  // A fresh EntityManager fork per request: no identity map shared between requests.
  return { ...args, em: args.em.fork() };
}
