import type { ApolloCache } from '@apollo/client';

/**
 * Drops every cached slot list (all `availabilitySlots` ranges: the week view, the upcoming list,
 * a public calendar). Watching queries find their data missing and read it again from the server.
 */
export function invalidateSlotLists(cache: ApolloCache<unknown>) {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'availabilitySlots' });
  cache.gc();
}
