import type { PageHeadSource } from '../../platform/http/page-meta';
import { DomainError } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
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
