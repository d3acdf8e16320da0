import { pipeline } from 'node:stream/promises';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { RequestContext } from '../../platform/request-context';
import { route } from '../../platform/rest/route';
import type { FileView } from './files.service';
import { readUpload } from './multipart';

export const presentFile = (f: FileView) => ({
  id: f.id,
  name: f.name,
  size: f.size,
  content_type: f.contentType,
  created_at: f.createdAt.toISOString(),
  url: f.url,
  url_expires_at: f.urlExpiresAt.toISOString(),
});

/** A handler that answers itself (a stream, an upload); errors still go to the one REST error mapper. */
const raw = (handler: (ctx: RequestContext, req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
  handler(res.locals.ctx as RequestContext, req, res).catch(next);
};

const one = (v: unknown) => (Array.isArray(v) ? undefined : v);

/** Uploads (`POST /files`, multipart field `file`), a file's fresh link, signed downloads, public images. */
export function filesRoutes(): Router {
  const router = Router();
  router.post('/files', raw(async (ctx, req, res) => {
    const files = ctx.services.files;
    const view = await readUpload(req, res, files.maxBytes, (file) => files.upload(ctx, file));
    res.status(201).json({ success: true, data: presentFile(view) });
  }));
  router.get('/files/:id', route(async (ctx, req) => presentFile(await ctx.services.files.get(ctx, String(req.params.id)))));
  router.get('/files/:id/content', raw(async (ctx, req, res) => {
    const file = await ctx.services.files.download(ctx.em, String(req.params.id), {
      viewer: one(req.query.viewer),
      expires: one(req.query.expires),
      signature: one(req.query.signature),
    });
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', `private, max-age=${file.maxAgeSeconds}`);
    if (file.inline) res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    else res.attachment(file.name);
    await pipeline(file.stream, res);
  }));
  router.get('/media/:name', raw(async (ctx, req, res) => {
    const key = /^([0-9a-f]{64})\.webp$/.exec(String(req.params.name))?.[1];
    const image = key ? await ctx.services.files.media(ctx.em, key) : null;
    if (!image) {
      res.status(404).json({ success: false, error: 'Image not found', code: 'NOT_FOUND' });
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', `"${key}"`);
    await pipeline(image.stream, res);
  }));
  return router;
}
