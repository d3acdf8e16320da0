import { defineModule } from '../../platform/module';
import { creatorPageHead, creatorSitemap, marketplaceHead } from './creator-pages';
import { creatorRoot, creatorsRoot } from './creators.compiled';
import { Profile } from './profile.entity';
import { CreatorConnectionResolver, ProfilesResolver } from './profiles.resolver';
import { profilesRoutes } from './profiles.rest';
import { ProfilesService } from './profiles.service';

declare module '../../platform/module' {
  interface Services {
    profiles: ProfilesService;
  }
}

/** Creator profiles and the public listing (search, filters, sorting). */
export const profilesModule = defineModule({
  name: 'profiles',
  entities: [Profile],
  resolvers: [ProfilesResolver, CreatorConnectionResolver],
  routes: profilesRoutes,
  dependsOn: ['files'],
  services: ({ deps, services }) => ({ profiles: new ProfilesService({ clock: deps.clock, events: deps.events, outbox: deps.outbox, files: services.files }) }),
  compiledRoots: () => [creatorsRoot, creatorRoot],
  // Server-rendered heads of the creator pages and the marketplace, and the creators in /sitemap.xml.
  extend: ({ deps }) => ({ pageHeads: [creatorPageHead(deps.clock), marketplaceHead], sitemapEntries: [creatorSitemap] }),
});

// The front door: what other features use of this one.
export { availabilityChangedEvent } from './creator-events';
export type { AvailabilityChange } from './creator-events';
export { latestReviewsJson } from './latest-reviews';
export { Profile, PLATFORMS, type Platform } from './profile.entity';
export { PUBLIC_BRAND, PUBLIC_CREATOR } from './profile.view';
export { avatarUrlOf, avatarUrlSql, avatarUrlsOf } from './photo';
export { PROFILE_MESSAGES } from './profiles.service';
export { REVIEW_FIELDS } from './review-json';
export { reviewFromRow } from './review.view';
export type { ReviewView } from './review.view';
export { SLOT_FIELDS } from './slot-json';
export { ProfileType } from './profiles.types';
export { SCHEDULING_DEFAULTS, setDefaultMinNotice, slotBookable } from './bookable';
