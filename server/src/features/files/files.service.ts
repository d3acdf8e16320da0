import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import type { Config } from '../../platform/config';
import { LinkSigner } from '../../platform/security/signed-link';
import type { Viewer } from '../../platform/shared/context';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import type { Clock } from '../../platform/shared/clock';
import { badInput, DomainError, forbidden, notFound } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
import { contentKey, isContentKey, type BlobStorage } from '../../platform/storage';
import { FILE_MESSAGES, type AcceptedType } from './files.policy';
import { receive, type Received } from './intake';

/** How long a download link works after it was handed out. */
export const FILE_LINK_SECONDS = 300;
/** Sizes (square, px) a profile photo or logo is served in. */
export const IMAGE_SIZES = [64, 160, 400] as const;
/** Images larger than this many pixels are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * What a file may be attached to, answered by the feature that owns it (bookings: its parties;
 * conversations: its members; support as that feature decides): `extend: () => ({ fileScopes: [...] })`.
 * The files feature never reads their tables.
 */
export interface FileScope {
  scope: string;
  /** Whether `viewer` may read what is attached to the scope's `id` (false for an unknown id). */
  canRead(em: EntityManager, viewer: Viewer, id: string): Promise<boolean>;
}

export interface AttachTarget {
  scope: string;
  id: string;
}

export interface FileView {
  id: string;
  name: string;
  size: number;
  contentType: string;
  createdAt: Date;
  /** A download link for the viewer it was read for, valid until `urlExpiresAt`. */
  url: string;
  urlExpiresAt: Date;
}

/** What a download streams. */
export interface FileDownload {
  stream: Readable;
  name: string;
  size: number;
  contentType: string;
  inline: boolean;
  /** Seconds the link (and so a cached copy) stays good. */
  maxAgeSeconds: number;
}

/** A square crop of the source image in its pixels (after its EXIF orientation is applied). */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface FileRow {
  id: string;
  owner_id: string;
  name: string;
  size: number;
  content_type: string;
  storage_key: string;
  created_at: Date;
}

const FILE_COLUMNS = 'f.id, f.owner_id, f.name, f.size, f.content_type, f.storage_key, f.created_at';

/**
 * Uploaded files (conversation attachments, deliveries, briefs) and public images (profile photos,
 * brand logos): received as a stream with a size limit, judged by content, images re-encoded without
 * their metadata, kept by content address in the storage port; read through short-lived signed links
 * checked against the scopes' owners.
 */
export class FilesService {
  private readonly links: LinkSigner;

  constructor(
    private readonly deps: { config: Config; clock: Clock; storage: BlobStorage; scopes: () => FileScope[] },
  ) {
    this.links = new LinkSigner(deps.config.secretsKey, 'file downloads');
  }

  /** The per-file limit (bytes) transports pass to their multipart parser. */
  get maxBytes(): number {
    return this.deps.config.FILES_MAX_BYTES;
  }

  // ---- upload ----

  /** Receives one file of the viewer's; refused (nothing kept) unless its content is an accepted type within the limit. */
  async upload(ctx: ServiceContext, file: { filename?: string; stream: Readable }): Promise<FileView> {
    const viewer = requireViewer(ctx);
    if (viewer.partnerKeyId) throw forbidden('Uploading files needs the person signed in, not an API key');
    const received = await receive(file.stream, { maxBytes: this.maxBytes, accept: () => true, refused: FILE_MESSAGES.refusedType });
    try {
      const stored = received.type.image ? await this.storeReencoded(received) : await this.storeAsIs(received);
      const id = randomUUID();
      const name = storedName(file.filename, received.type);
      const [row] = await ctx.em.execute<FileRow[]>(
        `insert into files as f (id, owner_id, name, size, content_type, storage_key, created_at) values (?, ?, ?, ?, ?, ?, now()) returning ${FILE_COLUMNS}`,
        [id, viewer.id, name, stored.size, received.type.mime, stored.key],
      );
      return this.view(row, viewer);
    } finally {
      await received.discard();
    }
  }

  private async storeAsIs(received: Received): Promise<{ key: string; size: number }> {
    await this.deps.storage.put(received.sha256, createReadStream(received.tempPath), received.type.mime);
    return { key: received.sha256, size: received.size };
  }

  /** Decoded and encoded again in its own format: EXIF, XMP, ICC comments and anything hidden after the image are dropped. */
  private async storeReencoded(received: Received): Promise<{ key: string; size: number }> {
    const bytes = await reencode(received.tempPath, received.type);
    const key = contentKey(bytes);
    await this.deps.storage.put(key, bytes, received.type.mime);
    return { key, size: bytes.length };
  }

  // ---- reading ----

  /** A file the viewer may read (they uploaded it, or it is attached where they are a member), with a fresh link; 404 otherwise. */
  async get(ctx: ServiceContext, fileId: unknown): Promise<FileView> {
    const viewer = requireViewer(ctx);
    const row = await this.readable(ctx.em, viewer, fileId);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    return this.view(row, viewer);
  }

  /** Whether the viewer may read the file (for other features' checks). */
  async canRead(ctx: ServiceContext, fileId: unknown): Promise<boolean> {
    const viewer = requireViewer(ctx);
    return (await this.readable(ctx.em, viewer, fileId)) !== null;
  }

  /** The files attached to a scope, oldest first, for a viewer who may read the scope (404 otherwise). */
  async listOf(ctx: ServiceContext, target: AttachTarget): Promise<FileView[]> {
    const viewer = requireViewer(ctx);
    if (!(await this.scope(target.scope).canRead(ctx.em, viewer, target.id))) throw notFound(FILE_MESSAGES.notFound);
    const rows = await ctx.em.execute<FileRow[]>(
      `select ${FILE_COLUMNS} from file_attachments a join files f on f.id = a.file_id where a.scope = ? and a.scope_id = ? order by a.attached_at, f.id`,
      [target.scope, target.id],
    );
    return rows.map((r) => this.view(r, viewer));
  }

  /**
   * Attaches the viewer's own uploads to a scope they may read (a message, a delivery, a brief), in
   * the caller's transaction when `ctx.em` is one. Refused, attaching none, when a file is not theirs
   * or the scope's files would pass FILES_MAX_BYTES_PER_SCOPE. Attaching again is harmless.
   */
  async attach(ctx: ServiceContext, fileIds: readonly string[], target: AttachTarget): Promise<FileView[]> {
    const viewer = requireViewer(ctx);
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return [];
    if (!ids.every((id) => typeof id === 'string' && UUID_RE.test(id))) throw badInput('file_ids must be ids of uploaded files', 'file_ids');
    const scope = this.scope(target.scope);
    return ctx.em.transactional(async (em) => {
      if (!(await scope.canRead(em, viewer, target.id))) throw notFound(FILE_MESSAGES.notFound);
      // One attach per scope at a time, so two racing attaches cannot both pass the limit.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`files:${target.scope}:${target.id}`]);
      const rows = await em.execute<FileRow[]>(`select ${FILE_COLUMNS} from files f where f.id in (${ids.map(() => '?').join(', ')})`, ids);
      if (rows.length !== ids.length || rows.some((r) => r.owner_id !== viewer.id)) throw badInput(FILE_MESSAGES.notYours, 'file_ids');
      const [{ held }] = await em.execute<{ held: string }[]>(
        `select coalesce(sum(f.size), 0)::bigint as held from files f where f.id in (select file_id from file_attachments where scope = ? and scope_id = ?) and not (f.id = any(?::uuid[]))`,
        [target.scope, target.id, `{${ids.join(',')}}`],
      );
      const limit = this.deps.config.FILES_MAX_BYTES_PER_SCOPE;
      if (Number(held) + rows.reduce((s, r) => s + Number(r.size), 0) > limit) throw badInput(FILE_MESSAGES.scopeFull(limit), 'file_ids');
      await em.execute(
        `insert into file_attachments (file_id, scope, scope_id, attached_at) select unnest(?::uuid[]), ?, ?, now() on conflict do nothing`,
        [`{${ids.join(',')}}`, target.scope, target.id],
      );
      return rows.map((r) => this.view(r, viewer));
    });
  }

  /**
   * A signed download: the link's signature and time, then whether its viewer may still read the file
   * (a member who left loses it at once). 404 for a bad link or a reader who may not; 403 once expired.
   */
  async download(em: EntityManager, fileId: unknown, link: { viewer?: unknown; expires?: unknown; signature?: unknown }): Promise<FileDownload> {
    if (typeof fileId !== 'string' || !UUID_RE.test(fileId) || typeof link.viewer !== 'string' || !UUID_RE.test(link.viewer)) throw notFound(FILE_MESSAGES.notFound);
    const checked = this.links.check([fileId, link.viewer], link.expires, link.signature, this.deps.clock.now());
    if (checked === 'invalid') throw notFound(FILE_MESSAGES.notFound);
    if (checked === 'expired') throw new DomainError('FORBIDDEN', FILE_MESSAGES.linkExpired);
    const [user] = await em.execute<{ id: string; role: Viewer['role']; account_type: Viewer['accountType'] }[]>(
      'select id, role, account_type from users where id = ? and suspended_at is null',
      [link.viewer],
    );
    if (!user) throw notFound(FILE_MESSAGES.notFound);
    const row = await this.readable(em, { id: user.id, role: user.role, accountType: user.account_type }, fileId);
    const stream = row && (await this.deps.storage.get(row.storage_key));
    if (!row || !stream) throw notFound(FILE_MESSAGES.notFound);
    const maxAgeSeconds = Math.max(0, Number(link.expires) - Math.floor(this.deps.clock.now().getTime() / 1000));
    return { stream, name: row.name, size: Number(row.size), contentType: row.content_type, inline: inlineType(row.content_type), maxAgeSeconds };
  }

  // ---- public images (profile photos, logos) ----

  /**
   * A public image (a profile photo, a brand logo) from an upload: judged by content (images only),
   * cropped (`crop` in the source's pixels; none: the centre square), served square in IMAGE_SIZES as
   * WebP without metadata. Returns each size's content address (for `mediaUrl`).
   */
  async publishImage(ctx: ServiceContext, file: { filename?: string; stream: Readable }, crop: Crop | null): Promise<Record<number, string>> {
    requireViewer(ctx);
    const received = await receive(file.stream, { maxBytes: this.maxBytes, accept: (t) => t.image, refused: FILE_MESSAGES.notImage });
    try {
      const base = sharp(received.tempPath, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      let source: Buffer;
      try {
        const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        const area = crop ? checkedCrop(crop, info.width, info.height) : null;
        const cropped = sharp(data, raw);
        source = await (area ? cropped.extract({ left: area.x, top: area.y, width: area.width, height: area.height }) : cropped).png({ compressionLevel: 0 }).toBuffer();
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw badInput(FILE_MESSAGES.unreadableImage, 'file');
      }
      const keys: Record<number, string> = {};
      for (const size of IMAGE_SIZES) {
        const bytes = await sharp(source).resize(size, size, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer();
        const key = contentKey(bytes);
        await this.deps.storage.put(key, bytes, 'image/webp');
        await ctx.em.execute('insert into public_images (key, content_type, created_at) values (?, ?, now()) on conflict do nothing', [key, 'image/webp']);
        keys[size] = key;
      }
      return keys;
    } finally {
      await received.discard();
    }
  }

  /** A public image's bytes by content address, or null (only keys published as public images are served). */
  async media(em: EntityManager, key: string): Promise<{ stream: Readable; contentType: string } | null> {
    if (!isContentKey(key)) return null;
    const [row] = await em.execute<{ content_type: string }[]>('select content_type from public_images where key = ?', [key]);
    const stream = row && (await this.deps.storage.get(key));
    return row && stream ? { stream, contentType: row.content_type } : null;
  }

  // ---- internals ----

  private scope(name: string): FileScope {
    const scope = this.deps.scopes().find((s) => s.scope === name);
    if (!scope) throw new Error(`no feature answers for file scope "${name}"`);
    return scope;
  }

  /** The file when `viewer` uploaded it or may read a scope it is attached to; else null. */
  private async readable(em: EntityManager, viewer: Viewer, fileId: unknown): Promise<FileRow | null> {
    if (typeof fileId !== 'string' || !UUID_RE.test(fileId)) return null;
    const [row] = await em.execute<FileRow[]>(`select ${FILE_COLUMNS} from files f where f.id = ?`, [fileId]);
    if (!row) return null;
    if (row.owner_id === viewer.id) return row;
    const attachments = await em.execute<{ scope: string; scope_id: string }[]>('select scope, scope_id from file_attachments where file_id = ?', [fileId]);
    for (const a of attachments) {
      const scope = this.deps.scopes().find((s) => s.scope === a.scope);
      if (scope && (await scope.canRead(em, viewer, a.scope_id))) return row;
    }
    return null;
  }

  private view(row: FileRow, viewer: Viewer): FileView {
    const expiresAt = new Date(this.deps.clock.now().getTime() + FILE_LINK_SECONDS * 1000);
    const { expires, signature } = this.links.sign([row.id, viewer.id], expiresAt);
    return {
      id: row.id,
      name: row.name,
      size: Number(row.size),
      contentType: row.content_type,
      createdAt: new Date(row.created_at),
      url: `/api/v1/files/${row.id}/content?viewer=${viewer.id}&expires=${expires}&signature=${signature}`,
      urlExpiresAt: new Date(expires * 1000),
    };
  }
}

/** The path of a public image (served with a year's immutable cache: its address is its content). */
export const mediaUrl = (key: string): string => `/api/v1/media/${key}.webp`;

const inlineType = (contentType: string) => contentType.startsWith('image/') || contentType.startsWith('video/');

async function reencode(file: string, type: AcceptedType): Promise<Buffer> {
  try {
    const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
    const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated });
    const oriented = animated ? image : image.rotate();
    switch (type.mime) {
      case 'image/png': return await oriented.png({ compressionLevel: 9 }).toBuffer();
      case 'image/jpeg': return await oriented.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      case 'image/webp': return await oriented.webp({ quality: 88 }).toBuffer();
      default: return await oriented.gif().toBuffer();
    }
  } catch {
    throw badInput(FILE_MESSAGES.unreadableImage, 'file');
  }
}

function checkedCrop(crop: Crop, width: number, height: number): Crop {
  if (crop.x + crop.width > width + 2 || crop.y + crop.height > height + 2) throw badInput(FILE_MESSAGES.cropOutside, 'crop');
  // Rounding in a browser may overshoot by a pixel: keep inside the image.
  const x = Math.min(crop.x, width - 1);
  const y = Math.min(crop.y, height - 1);
  const area = { x, y, width: Math.min(crop.width, width - x), height: Math.min(crop.height, height - y) };
  if (area.width < 16 || area.height < 16) throw badInput(FILE_MESSAGES.cropTooSmall, 'crop');
  return area;
}

/** The name kept: the uploaded one's last part without control or path characters, ending in the extension of what it is. */
export function storedName(raw: string | undefined, type: AcceptedType): string {
  const base = path.posix.basename(String(raw ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '').trim().slice(-150);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'file';
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const same = ext === type.ext || (type.ext === 'jpg' && ext === 'jpeg');
  return `${stem}.${same ? ext : type.ext}`;
}
