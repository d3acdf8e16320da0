/**
 * What a request log line may say about the URL. Secrets travel in URLs: the private calendar feed's
 * path (`/api/v1/calendar/<secret>.ics`), unsubscribe links (`?u=&k=&t=<token>`), reset and verify
 * links (`?token=`), API keys pasted into query strings, GraphQL variables over GET. A log line keeps
 * the path's shape and the query's parameter names; secret path segments and every query value not
 * known to be harmless become `[redacted]`.
 */
export const REDACTED = '[redacted]';

/** Paths whose segment after the prefix is a bearer secret (the segment's extension is kept). */
const SECRET_PATH_PREFIXES = ['/api/v1/calendar/', '/api/v1/bookings/payment-intent/', '/api/v1/local-payments/onboarding/'];

/** Query parameters whose values are never secret (paging and listing controls). */
const HARMLESS_QUERY_PARAMS = new Set(['first', 'after', 'before', 'last', 'limit', 'offset', 'page', 'pageSize', 'status', 'sort', 'order', 'operationName', 'from', 'to']);

/** The URL (path and query, as a request line has it) with its secrets replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? null : url.slice(q + 1);
  return redactPath(path) + (query === null ? '' : `?${redactQuery(query)}`);
}

function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!path.startsWith(prefix) || path.length === prefix.length) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    const segment = slash === -1 ? rest : rest.slice(0, slash);
    const dot = segment.lastIndexOf('.');
    const extension = dot > 0 ? segment.slice(dot) : '';
    return `${prefix}${REDACTED}${extension}${slash === -1 ? '' : rest.slice(slash)}`;
  }
  return path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair.length > 0 && !isHarmless(pair) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      return isHarmless(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
}

function isHarmless(rawName: string): boolean {
  try {
    return HARMLESS_QUERY_PARAMS.has(decodeURIComponent(rawName.replace(/\+/g, ' ')));
  } catch {
    return false;
  }
}
