import type { Response } from 'express';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../security/cache-control';

/** What the answers written before Apollo share (response-cache hits, compiled reads). */

/** A client that takes `application/json` (Apollo may choose application/graphql-response+json otherwise: then let it). */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  // Apollo may choose application/graphql-response+json for these: let it.
  if (accept.includes('graphql-response+json')) return false;
  return /application\/json|application\/\*|\*\/\*/.test(accept);
}

/**
 * Writes an error-free query answer (its JSON text) as Apollo would: 200, JSON, and what
 * cacheControlPlugin sends: public for anonymous reads, private with credentials.
 */
export function sendAnswer(res: Response, body: string, anonymous: boolean): void {
  res.status(200);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', anonymous ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  res.end(body);
}
