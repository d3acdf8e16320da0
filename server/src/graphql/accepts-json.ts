/** A client that takes `application/json` (Apollo may choose application/graphql-response+json otherwise: then let it). */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  // Apollo may choose application/graphql-response+json for these: let it.
  if (accept.includes('graphql-response+json')) return false;
  return /application\/json|application\/\*|\*\/\*/.test(accept);
}
