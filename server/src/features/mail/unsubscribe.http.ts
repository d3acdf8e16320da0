import express, { Router, type Request, type Response } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { DomainError } from '../../platform/shared/errors';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f3ff;color:#1f1937;margin:0;padding:40px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #ede9fe;border-radius:12px;padding:28px}h1{font-size:20px;margin:0 0 12px}
button{background:#7c3aed;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:15px;cursor:pointer}a{color:#7c3aed}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

/**
 * `/api/v1/mail/unsubscribe?u=&k=&t=`: the link in every e-mail's `List-Unsubscribe` header. GET shows a
 * confirmation (link scanners must not unsubscribe anyone); POST turns that kind of e-mail off,
 * also as RFC 8058 one-click from the mail client. Signed per user and kind: no sign-in needed.
 */
export function unsubscribeRoutes(): Router {
  const settingsUrl = () => '/settings#notifications';
  const router = Router();
  const ctxOf = (res: Response) => res.locals.ctx as RequestContext;
  const fail = (res: Response, err: unknown) => {
    if (err instanceof DomainError) return void res.status(400).type('html').send(page('Link not valid', `<p>${esc(err.message)}.</p><p><a href="${esc(settingsUrl())}">Notification preferences</a></p>`));
    throw err;
  };
  router.get('/mail/unsubscribe', (req: Request, res: Response) => {
    try {
      const { kind } = ctxOf(res).services.mailPreferences.verifyUnsubscribe(req.query.u, req.query.k, req.query.t);
      const query = new URLSearchParams({ u: String(req.query.u), k: String(req.query.k), t: String(req.query.t) }).toString();
      const body = kind.required
        ? `<p>${esc(kind.label)} e-mails are about money or a dispute and are always sent.</p>`
        : `<p>Stop e-mails about <strong>${esc(kind.label.toLowerCase())}</strong>? You still see them in the app.</p><form method="post" action="/api/v1/mail/unsubscribe?${esc(query)}"><button type="submit">Unsubscribe</button></form>`;
      res.type('html').send(page('E-mail preferences', `${body}<p><a href="${esc(settingsUrl())}">All notification preferences</a></p>`));
    } catch (err) {
      fail(res, err);
    }
  });
  router.post('/mail/unsubscribe', express.urlencoded({ extended: false, limit: '1kb' }), async (req: Request, res: Response, next) => {
    try {
      const ctx = ctxOf(res);
      const result = await ctx.services.mailPreferences.unsubscribe(ctx.em, req.query.u, req.query.k, req.query.t);
      const text = result.turnedOff ? `You will no longer get e-mails about ${esc(result.label.toLowerCase())}.` : `${esc(result.label)} e-mails cannot be turned off.`;
      res.type('html').send(page('E-mail preferences', `<p>${text}</p><p><a href="${esc(settingsUrl())}">All notification preferences</a></p>`));
    } catch (err) {
      try {
        fail(res, err);
      } catch (e) {
        next(e);
      }
    }
  });
  return router;
}
