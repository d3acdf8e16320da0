import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/**
 * Who may read GET /metrics (config.metricsAccess): with METRICS_TOKEN only a request carrying
 * `Authorization: Bearer <METRICS_TOKEN>` (else 401); in production without a token nobody (404,
 * as if there were no such page); outside production, anyone.
 */
export function metricsAccess(config: Pick<Config, 'metricsAccess' | 'METRICS_TOKEN'>): RequestHandler {
  const expected = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null;
  return (req, res, next) => {
    if (config.metricsAccess === 'open') return next();
    if (config.metricsAccess === 'off' || !expected) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    const header = req.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
    // Compared as digests, in constant time: the answer's timing says nothing about the token.
    if (token && timingSafeEqual(digest(token), expected)) return next();
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    res.status(401).json({ error: 'Metrics require Authorization: Bearer <METRICS_TOKEN>', code: 'UNAUTHENTICATED' });
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();
