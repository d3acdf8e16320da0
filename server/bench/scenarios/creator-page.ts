import { CREATOR_PAGE, gqlBody } from '../documents';
import type { RequestSpec } from '../load';

const DAY_MS = 86_400_000;

/** One creator page request per creator: profile, slots of the next 7 days, 10 newest reviews. */
export function creatorPageRequests(creatorIds: string[], now: Date): RequestSpec[] {
  const from = now.toISOString();
  const to = new Date(now.getTime() + 7 * DAY_MS).toISOString();
  return creatorIds.map((id) => ({ method: 'POST', path: '/graphql', body: gqlBody(CREATOR_PAGE, { id, from, to }) }));
}
