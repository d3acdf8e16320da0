import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { conflict, forbidden, notFound, PG, pgErrorCode } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { perRequestLoader, type LoaderCache } from '../../platform/shared/loaders';
import { pageSize, UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import type { Outbox } from '../../platform/outbox/outbox';
import { AccountType } from '../users';
import type { Crop, FilesService, IncomingFile } from '../files';
import { badInput } from '../../platform/shared/errors';
import { creatorUpdatedEvent } from './creator-events';
import { CreatorCountCache } from './creator-counts';
import { countCreators, creatorFilterKey, searchCreators, type CreatorFilterValue, type CreatorListArgs, type CreatorPage } from './creator-search';
import { freeSlotFromJson, nextFreeSlotsJson, type FreeSlot } from './free-slots';
import { Profile } from './profile.entity';
import { normalizeProfileFields, profileSchemaFor, type ProfileData, type ProfileInput } from './profile.inputs';
import { PUBLIC_BRAND, PUBLIC_CREATOR, readProfiles, type ProfileView } from './profile.view';

export const PROFILE_MESSAGES = {
  exists: 'You already have a profile; update it instead',
  noProfileToUpdate: 'No profile to update',
  notFound: 'Streamer profile not found',
  notOwner: 'You can only edit your own profile',
  noProfileForPhoto: 'Create your profile before adding a photo',
  brandNotFound: 'Brand not found',
} as const;

const CROP_FIELDS = ['crop_x', 'crop_y', 'crop_width', 'crop_height'] as const;

/** The crop sent with a photo (`crop_x`, `crop_y`, `crop_width`, `crop_height`, whole pixels of the image): all four or none. */
export function cropOf(fields: Record<string, string>): Crop | null {
  const given = CROP_FIELDS.filter((f) => fields[f] !== undefined && fields[f] !== '');
  if (given.length === 0) return null;
  const values = CROP_FIELDS.map((f) => {
    const v = fields[f];
    if (v === undefined || !/^\d{1,6}$/.test(v.trim())) throw badInput(`${f} must be a whole number of pixels (0 or more)`, f);
    return Number(v);
  });
  return { x: values[0], y: values[1], width: values[2], height: values[3] };
}

export type { FreeSlot } from './free-slots';

type LoaderContext = ServiceContext & { loaders: LoaderCache };

/**
 * Creator and brand profiles: own profile CRUD, public reads and the creator listing. Every write
 * publishes `profileChanged` (public caches of the listing and creator pages drop their answers).
 */
export class ProfilesService {
  private readonly counts: CreatorCountCache;

  constructor(private readonly deps: { clock: Clock; events: EventBus; outbox: Outbox; files: FilesService }) {
    this.counts = new CreatorCountCache(deps.events, () => deps.clock.now().getTime());
  }

  async createMyProfile(ctx: ServiceContext, input: ProfileInput): Promise<ProfileView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(profileSchemaFor(viewer.accountType), normalizeProfileFields(input));
    const now = this.deps.clock.now();
    try {
      await ctx.em.transactional(async (em) => {
        if ((await em.count(Profile, { user: viewer.id })) > 0) throw conflict(PROFILE_MESSAGES.exists);
        em.create(Profile, { user: viewer.id, accountType: viewer.accountType, ...data, createdAt: now, updatedAt: now });
        await em.flush();
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(PROFILE_MESSAGES.exists);
      throw err;
    }
    await this.deps.events.publish('profileChanged', { userId: viewer.id });
    return this.ownView(ctx.em, viewer.id);
  }

  /** Updates the viewer's own profile with the fields sent (any account type). */
  async updateMyProfile(ctx: ServiceContext, input: ProfileInput): Promise<ProfileView> {
    const viewer = requireViewer(ctx);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile) throw notFound(PROFILE_MESSAGES.noProfileToUpdate);
    return this.applyUpdate(ctx.em, profile, viewer.accountType, input);
  }

  /**
   * The viewer's photo (a brand: its logo) from an upload, cropped as sent (`cropOf`), served in a
   * few sizes at content-addressed URLs (files' public images); replaces the one before.
   */
  async setMyPhoto(ctx: ServiceContext, file: IncomingFile, fields: Record<string, string>): Promise<ProfileView> {
    const viewer = requireViewer(ctx);
    const crop = cropOf(fields);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile) throw notFound(PROFILE_MESSAGES.noProfileForPhoto);
    const keys = await this.deps.files.publishImage(ctx, file, crop);
    return this.changePhoto(ctx.em, profile, Object.fromEntries(Object.entries(keys)));
  }

  /** Removes the viewer's photo (their initials are shown again). */
  async removeMyPhoto(ctx: ServiceContext): Promise<ProfileView> {
    const viewer = requireViewer(ctx);
    const profile = await ctx.em.findOne(Profile, { user: viewer.id });
    if (!profile) throw notFound(PROFILE_MESSAGES.noProfileToUpdate);
    return this.changePhoto(ctx.em, profile, null);
  }

  private async changePhoto(em: EntityManager, profile: Profile, photo: Record<string, string> | null): Promise<ProfileView> {
    await em.transactional(async (tx) => {
      tx.assign(profile, { photo, updatedAt: this.deps.clock.now() });
      await tx.flush();
      if (profile.accountType === AccountType.CREATOR) await this.deps.outbox.publish(tx, creatorUpdatedEvent(profile));
    });
    await this.deps.events.publish('profileChanged', { userId: profile.user.id });
    return this.ownView(em, profile.user.id);
  }

  /** Updates a profile by id; only its owner may. */
  async updateProfile(ctx: ServiceContext, id: string, input: ProfileInput): Promise<ProfileView> {
    const viewer = requireViewer(ctx);
    const profile = UUID_RE.test(id) ? await ctx.em.findOne(Profile, { id }) : null;
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    if (profile.user.id !== viewer.id) throw forbidden(PROFILE_MESSAGES.notOwner);
    return this.applyUpdate(ctx.em, profile, viewer.accountType, input);
  }

  /** The display name of a user's profile, or null when they have none (auth counts it against their password). */
  async displayNameOf(em: EntityManager, userId: string): Promise<string | null> {
    const [row] = await em.execute<{ display_name: string }[]>('select display_name from profiles where user_id = ?', [userId]);
    return row?.display_name ?? null;
  }

  /** The viewer's own profile (even while suspended), or null when they have none yet. */
  async findMyProfile(ctx: ServiceContext): Promise<ProfileView | null> {
    const viewer = requireViewer(ctx);
    return (await readProfiles(ctx.em, 'p.user_id = ?', [viewer.id], this.deps.clock.now()))[0] ?? null;
  }

  /** Like findMyProfile, but NOT_FOUND "Streamer profile not found" when there is none. */
  async getMyProfile(ctx: ServiceContext): Promise<ProfileView> {
    const profile = await this.findMyProfile(ctx);
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    return profile;
  }

  /** A creator's public profile; no sign-in needed. Brands and suspended creators are not found. */
  async getPublicProfile(ctx: ServiceContext, id: string): Promise<ProfileView> {
    const found = UUID_RE.test(id) ? await readProfiles(ctx.em, `p.id = ? and ${PUBLIC_CREATOR}`, [id], this.deps.clock.now()) : [];
    if (!found[0]) throw notFound(PROFILE_MESSAGES.notFound);
    return found[0];
  }

  /** A brand's public profile (its page); no sign-in needed. Creators and suspended brands are not found. */
  async getPublicBrand(ctx: ServiceContext, id: string): Promise<ProfileView> {
    const found = UUID_RE.test(id) ? await readProfiles(ctx.em, `p.id = ? and ${PUBLIC_BRAND}`, [id], this.deps.clock.now()) : [];
    if (!found[0]) throw notFound(PROFILE_MESSAGES.brandNotFound);
    return found[0];
  }

  /**
   * The public brand profile of each user (a booking's booker, a conversation's client), null when
   * they have none, batched per request: one statement for every user asked in the same tick.
   */
  brandOfUser(ctx: LoaderContext, userId: string): Promise<ProfileView | null> {
    const loader = perRequestLoader<string, ProfileView | null>(ctx, 'profiles.brandOfUser', async (userIds) => {
      const found = await readProfiles(ctx.em, `p.user_id = any(?::uuid[]) and ${PUBLIC_BRAND}`, [`{${userIds.join(',')}}`], this.deps.clock.now());
      const byUser = new Map(found.map((p) => [p.userId, p]));
      return userIds.map((id) => byUser.get(id) ?? null);
    });
    return loader.load(userId);
  }

  /**
   * Public creator listing (GraphQL `creators` and REST `GET /streamers`): one statement for the
   * page. The cards' children come through their own batched loaders (nextFreeSlots,
   * reviews.latestForCreator); a count, through countCreators, only when asked. (The GraphQL
   * listing's one-statement path is the compiled read, creators.compiled.ts.)
   */
  listCreators(ctx: ServiceContext, args: CreatorListArgs): Promise<CreatorPage> {
    return searchCreators(ctx.em, args, this.deps.clock.now());
  }

  /** How many creators match a listing filter (cached per filter until public data changes). */
  countCreators(ctx: ServiceContext, filter: CreatorFilterValue): Promise<number> {
    return this.counts.get(creatorFilterKey(filter), () => countCreators(ctx.em, filter, this.deps.clock.now()));
  }

  /**
   * The next `first` free future slots of a creator, batched per request: one statement for all
   * creators on the page, each getting its own `first` (a LATERAL index scan per creator that
   * stops after `first` rows, instead of ranking all their future hours).
   */
  nextFreeSlots(ctx: LoaderContext, creatorId: string, first?: number | null): Promise<FreeSlot[]> {
    const size = pageSize(first, 5);
    const loader = perRequestLoader<string, FreeSlot[]>(ctx, `profiles.nextFreeSlots:${size}`, async (ids) => {
      const rows: { id: string; slots: Parameters<typeof freeSlotFromJson>[0][] | null }[] = await ctx.em.execute(
        `select c.id, s.slots from unnest(array[?]::uuid[]) as c(id) cross join lateral ${nextFreeSlotsJson('c.id')} s`,
        [ids, this.deps.clock.now(), size],
      );
      const byCreator = new Map<string, FreeSlot[]>(rows.map((r) => [r.id, (r.slots ?? []).map(freeSlotFromJson)]));
      return ids.map((id) => byCreator.get(id) ?? []);
    });
    return loader.load(creatorId);
  }

  private async applyUpdate(em: EntityManager, profile: Profile, accountType: AccountType, input: ProfileInput): Promise<ProfileView> {
    const changes = normalizeProfileFields(input);
    // Validate the profile as it will be after the change, so cross-field rules (a handle per
    // chosen platform) hold whatever subset of fields is sent.
    const merged: Record<string, unknown> = { ...currentFields(profile), ...changes };
    if ('hourlyRate' in changes && !('hourlyRateCents' in changes)) delete merged.hourlyRateCents;
    const data: ProfileData = parseInput(profileSchemaFor(accountType), merged);
    await em.transactional(async (tx) => {
      tx.assign(profile, { ...data, updatedAt: this.deps.clock.now() });
      await tx.flush();
      // Listing data changed: partners' webhooks hear of it (creator.updated), in the same transaction.
      if (profile.accountType === AccountType.CREATOR) await this.deps.outbox.publish(tx, creatorUpdatedEvent(profile));
    });
    await this.deps.events.publish('profileChanged', { userId: profile.user.id });
    return this.ownView(em, profile.user.id);
  }

  private async ownView(em: EntityManager, userId: string): Promise<ProfileView> {
    const [view] = await readProfiles(em, 'p.user_id = ?', [userId], this.deps.clock.now());
    return view;
  }
}

function currentFields(p: Profile): Record<string, unknown> {
  return {
    displayName: p.displayName,
    bio: p.bio,
    profileImageUrl: p.profileImageUrl,
    hourlyRateCents: p.hourlyRateCents ?? undefined,
    minimumHours: p.minimumHours,
    platforms: p.platforms,
    twitchUsername: p.twitchUsername,
    youtubeHandle: p.youtubeHandle,
    tiktokHandle: p.tiktokHandle,
    instagramHandle: p.instagramHandle,
    timezone: p.timezone,
  };
}
