import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, forbidden, notFound } from '../../platform/shared/errors';
import { UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import type { BookingOrder, CheckoutResult, LineItem } from '../bookings';
import { Profile } from '../profiles';
import { AccountType } from '../users';
import { CreatorPackage, deliverablesOf, deliverablesText, scheduledHours, type Deliverables } from './package.entity';
import { CreatePackageSchema, PACKAGE_LIMITS, PackageCheckoutSchema, UpdatePackageSchema } from './packages.inputs';

export const PACKAGE_MESSAGES = {
  notFound: 'Package not found',
  creatorsOnly: 'Only creators can sell packages: create your creator profile first',
  tooMany: `You can have at most ${PACKAGE_LIMITS.perCreator} packages`,
  inactive: 'This package is not on sale right now',
  ownPackage: 'You cannot buy your own package',
  needsTime: 'startTime is required: this package includes live time, pick a start from the free hours',
  needsDue: 'dueAt is required: pick a due date for this package',
  leadTime: (days: number) => `This creator needs at least ${days} day${days === 1 ? '' : 's'} of lead time: pick a later ${days === 1 ? 'date' : 'date'}`,
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A package as everyone sees it. */
export interface PackageView {
  id: string;
  creatorId: string;
  title: string;
  description: string;
  deliverables: Deliverables;
  /** The deliverables in words. */
  summary: string;
  priceCents: number;
  leadTimeDays: number;
  revisionsIncluded: number;
  platforms: string[];
  active: boolean;
  /** Whole hours it takes in the creator's calendar (0: bought with a due date). */
  scheduledHours: number;
  createdAt: Date;
  updatedAt: Date;
}

export const packageView = (p: CreatorPackage): PackageView => ({
  id: p.id,
  creatorId: p.creator.id,
  title: p.title,
  description: p.description,
  deliverables: deliverablesOf(p),
  summary: deliverablesText(deliverablesOf(p)),
  priceCents: p.priceCents,
  leadTimeDays: p.leadTimeDays,
  revisionsIncluded: p.revisionsIncluded,
  platforms: p.platforms,
  active: p.isActive,
  scheduledHours: scheduledHours(deliverablesOf(p)),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

/** What the packages feature needs of the booking process: its one checkout. */
export interface PackageCheckoutPort {
  checkoutOrder(ctx: ServiceContext, order: BookingOrder): Promise<CheckoutResult>;
}

/**
 * Creators' packages (issue 33 item 1): the creator defines and edits them; anyone reads a
 * creator's active ones; a brand buys one through the one checkout (the same hold, payment and
 * state machine as an hourly booking), at a time from the creator's free hours when it has live
 * parts, else by a due date after the lead time.
 */
export class PackagesService {
  constructor(private readonly deps: { clock: Clock; checkout: PackageCheckoutPort }) {}

  async create(ctx: ServiceContext, input: unknown): Promise<PackageView> {
    const viewer = requireViewer(ctx);
    const data = parseInput(CreatePackageSchema, input);
    const creator = await this.ownCreatorProfile(ctx.em, viewer.id);
    const count = await ctx.em.count(CreatorPackage, { creator: creator.id });
    if (count >= PACKAGE_LIMITS.perCreator) throw badInput(PACKAGE_MESSAGES.tooMany);
    const now = this.deps.clock.now();
    const pkg = ctx.em.create(CreatorPackage, {
      creator: ctx.em.getReference(Profile, creator.id),
      title: data.title,
      description: data.description,
      ...data.deliverables,
      priceCents: data.priceCents,
      leadTimeDays: data.leadTimeDays,
      revisionsIncluded: data.revisionsIncluded,
      platforms: data.platforms,
      isActive: data.active,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.em.flush();
    return packageView(pkg);
  }

  /** Changes the fields named; only the package's creator (anyone else: 404). */
  async update(ctx: ServiceContext, packageId: unknown, input: unknown): Promise<PackageView> {
    const viewer = requireViewer(ctx);
    const pkg = await this.find(ctx.em, packageId);
    const creator = await ctx.em.findOne(Profile, { id: pkg?.creator.id ?? '00000000-0000-0000-0000-000000000000' });
    if (!pkg || !creator || creator.user.id !== viewer.id) throw notFound(PACKAGE_MESSAGES.notFound);
    const data = parseInput(UpdatePackageSchema, input);
    if (data.title !== undefined) pkg.title = data.title;
    if (data.description !== undefined) pkg.description = data.description;
    if (data.deliverables) Object.assign(pkg, data.deliverables);
    if (data.priceCents !== undefined) pkg.priceCents = data.priceCents;
    if (data.leadTimeDays !== undefined) pkg.leadTimeDays = data.leadTimeDays;
    if (data.revisionsIncluded !== undefined) pkg.revisionsIncluded = data.revisionsIncluded;
    if (data.platforms !== undefined) pkg.platforms = data.platforms;
    if (data.active !== undefined) pkg.isActive = data.active;
    pkg.updatedAt = this.deps.clock.now();
    await ctx.em.flush();
    return packageView(pkg);
  }

  /** A creator's packages: the active ones, oldest first; the creator themself also sees their inactive ones. 404 for an unknown creator. */
  async listForCreator(ctx: ServiceContext, creatorId: unknown): Promise<PackageView[]> {
    if (typeof creatorId !== 'string' || !UUID_RE.test(creatorId)) throw notFound('Creator not found');
    const creator = await ctx.em.findOne(Profile, { id: creatorId, accountType: AccountType.CREATOR });
    if (!creator) throw notFound('Creator not found');
    const own = ctx.viewer?.id === creator.user.id;
    const rows = await ctx.em.find(CreatorPackage, own ? { creator: creatorId } : { creator: creatorId, isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(packageView);
  }

  /** The viewer's own packages (active or not). */
  async mine(ctx: ServiceContext): Promise<PackageView[]> {
    const viewer = requireViewer(ctx);
    const creator = await ctx.em.findOne(Profile, { user: viewer.id, accountType: AccountType.CREATOR });
    if (!creator) return [];
    return (await ctx.em.find(CreatorPackage, { creator: creator.id }, { orderBy: { createdAt: 'asc', id: 'asc' } })).map(packageView);
  }

  /**
   * A brand buys a package: its line (title and deliverables, at its price) is held through the
   * one checkout. With live parts: whole free hours from `startTime` (the slot rules of an hourly
   * booking); without: a due date. Either no sooner than the lead time.
   */
  async checkout(ctx: ServiceContext, input: unknown): Promise<CheckoutResult> {
    const viewer = requireViewer(ctx);
    const data = parseInput(PackageCheckoutSchema, input);
    const pkg = await this.find(ctx.em, data.packageId);
    if (!pkg) throw notFound(PACKAGE_MESSAGES.notFound);
    const creator = await ctx.em.findOneOrFail(Profile, { id: pkg.creator.id });
    if (!pkg.isActive) throw badInput(PACKAGE_MESSAGES.inactive, 'packageId');
    if (creator.user.id === viewer.id) throw forbidden(PACKAGE_MESSAGES.ownPackage);
    const now = this.deps.clock.now();
    const earliest = now.getTime() + pkg.leadTimeDays * DAY_MS;
    const hours = scheduledHours(deliverablesOf(pkg));
    const line: LineItem = { label: `${pkg.title} (${deliverablesText(deliverablesOf(pkg))})`, quantity: 1, unitPriceCents: pkg.priceCents, kind: 'package' };
    const common = {
      creatorId: creator.id,
      lines: [line],
      packageId: pkg.id,
      revisionsIncluded: pkg.revisionsIncluded,
      bookingDetails: data.bookingDetails ?? null,
      idempotencyKey: data.idempotencyKey ?? null,
    };
    if (hours > 0) {
      if (!data.startTime) throw badInput(PACKAGE_MESSAGES.needsTime, 'startTime');
      if (data.startTime.getTime() < earliest) throw badInput(PACKAGE_MESSAGES.leadTime(pkg.leadTimeDays), 'startTime');
      return this.deps.checkout.checkoutOrder(ctx, { ...common, startTime: data.startTime, endTime: new Date(data.startTime.getTime() + hours * HOUR_MS) });
    }
    if (!data.dueAt) throw badInput(PACKAGE_MESSAGES.needsDue, 'dueAt');
    if (data.dueAt.getTime() < earliest) throw badInput(PACKAGE_MESSAGES.leadTime(pkg.leadTimeDays), 'dueAt');
    return this.deps.checkout.checkoutOrder(ctx, { ...common, startTime: null, endTime: null, dueAt: data.dueAt });
  }

  private find(em: EntityManager, id: unknown): Promise<CreatorPackage | null> {
    if (typeof id !== 'string' || !UUID_RE.test(id)) return Promise.resolve(null);
    return em.findOne(CreatorPackage, { id });
  }

  private async ownCreatorProfile(em: EntityManager, userId: string): Promise<Profile> {
    const creator = await em.findOne(Profile, { user: userId, accountType: AccountType.CREATOR });
    if (!creator) throw forbidden(PACKAGE_MESSAGES.creatorsOnly);
    return creator;
  }
}
