import type { PageHeadSource, SitemapSource } from '../../platform/http/page-meta';
import { DomainError } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
import { PUBLIC_BRAND } from '../profiles';
import type { BrandView } from './brands.service';

/** The words link previews and search results show for a brand's page. */
export function brandHead(b: BrandView) {
  const rating = b.reviewCount > 0 ? `rated ${b.averageRating.toFixed(1)} by creators from ${b.reviewCount} ${b.reviewCount === 1 ? 'review' : 'reviews'}` : 'new on CollabHub';
  const lead = `${b.displayName} books creators on CollabHub (${rating}).`;
  return {
    title: `${b.displayName} · brand`,
    description: b.about ? `${lead} ${b.about.replace(/\s+/g, ' ').trim()}` : lead,
    path: `/brand/${b.id}`,
    image: b.profileImageUrl && /^https?:\/\//.test(b.profileImageUrl) ? b.profileImageUrl : null,
    type: 'profile' as const,
  };
}

/** The brand page (`/brand/<id>`): its head; an unknown brand is answered 404 (the app says so). */
export const brandPageHead: PageHeadSource = {
  segment: 'brand',
  async head({ params, ctx }) {
    const id = params[0] ?? '';
    if (params.length !== 1 || !UUID_RE.test(id)) return 'not-found';
    try {
      return brandHead(await ctx.services.brands.getBrand(ctx, id));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return 'not-found';
      throw err;
    }
  },
};

/** Every brand's public page, for /sitemap.xml (the same brands `/brand/<id>` shows). */
export const brandSitemap: SitemapSource = {
  async entries(ctx) {
    const rows = await ctx.em.execute<{ id: string; updated_at: Date }[]>(
      `select p.id, p.updated_at from profiles p join users u on u.id = p.user_id where ${PUBLIC_BRAND} order by p.id limit 50000`,
    );
    return rows.map((r) => ({ path: `/brand/${r.id}`, lastModified: new Date(r.updated_at) }));
  },
};
