import { Router, type Request, type Response } from 'express';
import type { Orm } from '../db/orm';
import type { MailboxEntry, MailboxService } from './mailbox.service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f6f5fb;color:#1a1530}
header{background:#5b3fd9;color:#fff;padding:14px 20px}header a{color:#fff}h1{font-size:18px;margin:0}
main{max-width:1000px;margin:0 auto;padding:16px}table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
td,th{padding:10px 12px;border-bottom:1px solid #ece9f6;text-align:left;font-size:14px;vertical-align:top}th{background:#efecfa;font-weight:600}
a{color:#4a2fc2}.muted{color:#6b6785;font-size:13px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px;border-radius:8px;font-size:14px;word-break:break-word}
dt{font-weight:600}dd{margin:0}iframe{width:100%;height:760px;border:1px solid #ddd;border-radius:8px;background:#fff;margin-top:12px}
pre{white-space:pre-wrap;background:#fff;padding:12px;border-radius:8px;font-size:13px}
@media (max-width:640px){td:nth-child(1),th:nth-child(1){display:none}dl{grid-template-columns:1fr}}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><header><h1><a href="/dev/mailbox">Development mailbox</a></h1></header><main>${body}</main></body></html>`;

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

const toJson = (m: MailboxEntry) => ({ ...m, receivedAt: m.receivedAt.toISOString(), url: `/dev/mailbox/${m.id}` });

/**
 * `/dev/mailbox`: what the development mail catcher received, as a page and as JSON
 * (`/dev/mailbox/messages?to=`, `/dev/mailbox/messages/:id`). Mounted only when the catcher runs
 * (outside production with no SMTP_URL); elsewhere the path answers 404.
 */
export function mailboxRoutes(orm: Orm, mailbox: MailboxService): Router {
  const router = Router();
  const em = () => orm.em.fork();
  const handle = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: (err: unknown) => void) => {
    fn(req, res).catch(next);
  };
  const notFound = (res: Response) => void res.status(404).type('text/plain').send('No such message');

  router.get(
    '/',
    handle(async (_req, res) => {
      const list = await mailbox.list(em(), { limit: 200 });
      const rows = list
        .map((m) => `<tr><td class="muted">${esc(when(m.receivedAt))}</td><td>${esc(m.to.join(', '))}</td><td><a href="/dev/mailbox/${m.id}">${esc(m.subject || '(no subject)')}</a></td></tr>`)
        .join('');
      res.type('html').send(
        page(
          'Development mailbox',
          `<p class="muted">Every e-mail the product sent, caught on this machine (SMTP on localhost; nothing left it). JSON: <a href="/dev/mailbox/messages">/dev/mailbox/messages</a></p>
          <table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3" class="muted">No e-mail yet.</td></tr>'}</tbody></table>`,
        ),
      );
    }),
  );
  router.get(
    '/messages',
    handle(async (req, res) => {
      const to = typeof req.query.to === 'string' ? req.query.to : undefined;
      res.json({ messages: (await mailbox.list(em(), { to, limit: Number(req.query.limit) || 100 })).map(toJson) });
    }),
  );
  router.get(
    '/messages/:id',
    handle(async (req, res) => {
      const m = await mailbox.get(em(), String(req.params.id));
      if (!m) return notFound(res);
      res.json({ ...toJson(m), text: m.text, html: m.html, headers: m.headers, attachments: m.attachments, links: m.links });
    }),
  );
  router.get(
    '/:id',
    handle(async (req, res) => {
      const m = await mailbox.get(em(), String(req.params.id));
      if (!m) return notFound(res);
      const attachments = m.attachments
        .map((a, i) => `<a href="/dev/mailbox/${m.id}/attachments/${i}">${esc(a.filename)}</a> <span class="muted">${esc(a.contentType)}</span>`)
        .join('<br>');
      const header = (name: string) => (m.headers[name] ? `<dt>${esc(name)}</dt><dd>${esc(m.headers[name])}</dd>` : '');
      res
        .setHeader('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self'; script-src 'none'; frame-ancestors 'none'")
        .type('html')
        .send(
          page(
            m.subject,
            `<dl><dt>Subject</dt><dd>${esc(m.subject)}</dd><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to.join(', '))}</dd>
            <dt>Received</dt><dd>${esc(when(m.receivedAt))}${m.deliveries > 1 ? ` (arrived ${m.deliveries} times with this Message-ID)` : ''}</dd>
            ${header('message-id')}${header('list-unsubscribe')}
            ${attachments ? `<dt>Attachments</dt><dd>${attachments}</dd>` : ''}<dt>Source</dt><dd><a href="/dev/mailbox/${m.id}/raw">.eml</a></dd></dl>
            ${m.html ? `<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mailbox/${m.id}/html"></iframe>` : ''}
            <h2 style="font-size:15px">Plain-text part</h2><pre>${esc(m.text)}</pre>`,
          ),
        );
    }),
  );
  router.get(
    '/:id/html',
    handle(async (req, res) => {
      const m = await mailbox.get(em(), String(req.params.id));
      if (!m?.html) return notFound(res);
      // The e-mail's own HTML, framed by the message page only, with no scripts.
      res
        .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data:; frame-ancestors 'self'")
        .setHeader('X-Frame-Options', 'SAMEORIGIN')
        .type('html')
        .send(m.html);
    }),
  );
  router.get(
    '/:id/raw',
    handle(async (req, res) => {
      const raw = await mailbox.raw(em(), String(req.params.id));
      if (raw === null) return notFound(res);
      res.type('message/rfc822').setHeader('Content-Disposition', `attachment; filename="${req.params.id}.eml"`).send(raw);
    }),
  );
  router.get(
    '/:id/attachments/:n',
    handle(async (req, res) => {
      const m = await mailbox.get(em(), String(req.params.id));
      const a = m?.attachments[Number(req.params.n)];
      if (!a) return notFound(res);
      res.type(a.contentType.split(';')[0]).setHeader('Content-Disposition', `attachment; filename="${a.filename.replace(/"/g, '')}"`).send(Buffer.from(a.base64, 'base64'));
    }),
  );
  return router;
}
