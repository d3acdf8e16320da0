import type { Clock } from '../../platform/shared/clock';
import type { PageHead, PageHeadSource, SitemapSource } from '../../platform/http/page-meta';
import { DomainError } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
import { PUBLIC_CREATOR, type ProfileView } from './profile.view';

const DAY_MS = 86_400_000;

/**
 * The hours the creator page asks for with its first query (client:
 * `creatorPageSlotWindow` in client/src/features/creators/lib/slot-window.ts, the same rule): from
 * the start of yesterday (UTC, so every time zone's today is inside) for 40 days, which holds the
 * month the calendar opens on. Being a function of the UTC date only, the server can answer it
 * into the HTML and the app finds it in its cache.
 */
export function creatorPageSlotWindow(now: Date): { from: string; to: string } {
  const from = Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS;
  return { from: new Date(from).toISOString(), to: new Date(from + 40 * DAY_MS).toISOString() };
}

const PLATFORM_NAMES: Record<string, string> = { twitch: 'Twitch', youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

/** The words link previews and search results show for a creator. */
export function creatorHead(p: ProfileView): PageHead {
  const platforms = p.platforms.map((x) => PLATFORM_NAMES[String(x).toLowerCase()] ?? String(x));
  const facts = [
    p.hourlyRateCents != null ? `${dollars(p.hourlyRateCents)}/hour` : null,
    `minimum ${p.minimumHours} ${p.minimumHours === 1 ? 'hour' : 'hours'}`,
    p.reviewCount > 0 ? `rated ${p.averageRating.toFixed(1)} from ${p.reviewCount} ${p.reviewCount === 1 ? 'review' : 'reviews'}` : 'new on CollabHub',
  ].filter(Boolean);
  const lead = `Book ${p.displayName}${platforms.length ? ` (${platforms.join(', ')})` : ''} for a brand collaboration: ${facts.join(', ')}.`;
  return {
    title: platforms.length ? `${p.displayName} · ${platforms.join(', ')} creator` : p.displayName,
    description: p.bio ? `${lead} ${p.bio.replace(/\s+/g, ' ').trim()}` : lead,
    path: `/streamer/${p.id}`,
    image: p.profileImageUrl && /^https?:\/\//.test(p.profileImageUrl) ? p.profileImageUrl : null,
    type: 'profile',
  };
}

/** The creator page (`/streamer/<id>`): its head, and the answers of its first queries (`CreatorPage` and its booking panel's). */
export function creatorPageHead(clock: Clock): PageHeadSource {
  return {
    segment: 'streamer',
    async head({ params, ctx, operation, run }) {
      const id = params[0] ?? '';
      if (params.length !== 1 || !UUID_RE.test(id)) return 'not-found';
      let profile: ProfileView;
      try {
        profile = await ctx.services.profiles.getPublicProfile(ctx, id);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') return 'not-found';
        throw err;
      }
      const head = creatorHead(profile);
      // The page's queries before its hours paint: the page's own (profile, hours, reviews: one
      // compiled statement) and its booking panel's (scheduling guards, packages), answered together.
      const asked = [
        { name: 'CreatorPage', variables: { id, ...creatorPageSlotWindow(clock.now()) } },
        { name: 'SchedulingSettings', variables: { creatorId: id } },
        { name: 'CreatorPackages', variables: { creatorId: id } },
      ].flatMap(({ name, variables }) => {
        const query = operation(name);
        return query ? [{ query, variables }] : [];
      });
      const answers = await Promise.all(asked.map(({ query, variables }) => run(query, variables)));
      const initialQueries = asked.flatMap(({ query, variables }, i) => {
        const { data, errors } = answers[i]!;
        return data && !errors?.length ? [{ query, variables, data }] : [];
      });
      if (initialQueries.length) head.initialQueries = initialQueries;
      return head;
    },
  };
}

/** The marketplace (`/creators`). */
export const marketplaceHead: PageHeadSource = {
  segment: 'creators',
  async head() {
    return {
      title: 'Find creators for your brand',
      description:
        'Browse streamers and creators on Twitch, YouTube, TikTok and Instagram: compare rates, ratings and their next free hours, and book a collaboration by the hour.',
      path: '/creators',
    };
  },
};

/** Every listed creator's page, for /sitemap.xml. */
export const creatorSitemap: SitemapSource = {
  async entries(ctx) {
    const rows = await ctx.em.execute<{ id: string; updated_at: Date }[]>(
      `select p.id, p.updated_at from profiles p join users u on u.id = p.user_id where ${PUBLIC_CREATOR} order by p.id limit 50000`,
    );
    return rows.map((r) => ({ path: `/streamer/${r.id}`, lastModified: new Date(r.updated_at) }));
  },
};
