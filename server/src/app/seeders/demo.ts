import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { AvailabilitySlot } from '../../features/availability/availability-slot.entity';
import { Booking } from '../../features/bookings/booking.entity';
import { CURRENT_POLICY, confirmationDeadlineFor, priceBooking } from '../../features/bookings/process/policy';
import { recordEntry } from '../../features/bookings/ledger';
import { providerKey } from '../../features/bookings/process/money-steps';
import { LedgerKind } from '../../features/bookings/ledger-entry.entity';
import { hashPassword, verifyPassword } from '../../features/auth/passwords';
import { AccountType, User, UserRole } from '../../features/users/user.entity';
import type { Services } from '../../platform/module';
import { systemClock, type Clock } from '../../platform/shared/clock';
import type { ServiceContext } from '../../platform/shared/context';
import type { Orm } from '../../platform/db/orm';
import { BRAND_REVIEW_COMMENTS, DEMO_BRAND, DEMO_CREATORS, REVIEW_COMMENTS, type DemoCreator } from './demo-catalog';
import { BookingStatus, PaymentStatus } from '../../features/bookings/process/booking.model';

export const DEMO_PASSWORD = 'collab-demo-2026';
const EMAIL_DOMAIN = 'demo.collabhub.test';
const HOUR = 3_600_000;
const SLOT_DAYS = 14;
/** Serialises concurrent seeders (two processes starting on one empty database). */
const SEED_LOCK_KEY = 727_001;
const RATINGS = [5, 5, 4, 5, 4, 5, 3, 5];

export interface DemoAccount {
  email: string;
  kind: 'creator' | 'brand' | 'support';
  name: string;
}

export interface DemoSeedResult {
  seeded: boolean;
  password: string;
  accounts: DemoAccount[];
}

interface Party {
  user: User;
  profileId: string;
  ctx: ServiceContext;
}

/**
 * Fills an EMPTY database (no users at all) with a small believable marketplace: 12 creators
 * across platforms and time zones with 14 days of hourly slots, past paid-out bookings with
 * reviews, a few upcoming confirmed bookings, one brand and one support account. Does nothing
 * when any user exists. Everything happens in one transaction: a failure leaves no partial data.
 * The seeded history is never e-mailed (its notifications are marked handled in that transaction).
 */
export async function seedDemoData(
  orm: Orm,
  services: Services,
  log: (message: string) => void = () => {},
  clock: Clock = systemClock,
): Promise<DemoSeedResult> {
  const now = clock.now();
  let upcomingBookings: Booking[] = [];
  const result = await orm.em.fork().transactional(async (em): Promise<DemoSeedResult> => {
    await em.execute('select pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
    const [{ any }] = await em.execute('select exists (select 1 from users) as "any"');
    if (any) return { seeded: false, password: DEMO_PASSWORD, accounts: [] };

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const accounts: DemoAccount[] = [];
    const creators: Party[] = [];
    for (const c of DEMO_CREATORS) {
      creators.push(await createCreator(em, services, passwordHash, c));
      accounts.push({ email: emailOf(c.key), kind: 'creator', name: c.displayName });
    }
    const brand = await createBrand(em, services, passwordHash);
    accounts.push({ email: emailOf(DEMO_BRAND.key), kind: 'brand', name: DEMO_BRAND.displayName });
    await services.auth.upsertSupportUser(em, emailOf('support'), DEMO_PASSWORD);
    accounts.push({ email: emailOf('support'), kind: 'support', name: 'Support' });

    const slots = DEMO_CREATORS.map((c, i) => addSlots(em, creators[i].profileId, c, now));
    const past = DEMO_CREATORS.flatMap((c, i) => addPastBookings(em, c, i, creators, brand, now));
    // Upcoming bookings hold a real card payment, which only the local provider can make here.
    const withUpcoming = services.payments.local ? [0, 1, 2, 4, 6] : [];
    const upcoming = withUpcoming.flatMap((i) => addUpcomingBooking(em, DEMO_CREATORS[i], creators[i], brand, slots[i], now));
    upcomingBookings = upcoming;
    await em.flush();
    // Ledger rows reference bookings by a plain column, so they follow once the bookings exist.
    for (const { booking } of past) recordLedger(em, booking, [LedgerKind.CAPTURE, LedgerKind.FEE, LedgerKind.ALLOCATION, LedgerKind.TRANSFER]);
    for (const booking of upcoming) recordLedger(em, booking, [LedgerKind.CAPTURE]);
    await em.flush();
    em.clear(); // reviews below load what they need; a large identity map only slows every flush

    for (const p of past) {
      if (p.rating !== null) await services.reviews.createReview(p.reviewer.ctx, { bookingId: p.booking.id, rating: p.rating, comment: p.comment });
      if (p.reviewBack) await services.reviews.createReview(p.reviewee.ctx, { bookingId: p.booking.id, rating: 5, comment: p.reviewBack });
    }
    // The brand has talked with the creators it booked: the inbox has conversations (unread replies).
    for (const i of DEMO_CONVERSATIONS) await converse(services, brand, creators[i], DEMO_CREATORS[i]);
    // History: the demo's reviews are all public already (double-blind hides only new ones).
    await services.reviews.revealDue(new Date(), { em, everyReview: true });
    await finishStatistics(em, DEMO_CREATORS.flatMap((c, i) => (c.verified ? [creators[i].profileId] : [])));
    // The reviews above are history: their notifications stay in the inbox, but nobody is e-mailed about them.
    // (Webhooks need no such step: no endpoint exists yet to queue a delivery for.)
    await services.emailDelivery.markHandled(em, 'seeded demo history');
    return { seeded: true, password: DEMO_PASSWORD, accounts };
  });

  if (result.seeded) {
    for (const booking of upcomingBookings) await payWithTestCard(orm, services, booking);
    log(`Demo data created. Sign in with any of these accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of result.accounts) log(`  ${a.kind.padEnd(8)} ${a.email}  (${a.name})`);
  }
  return result;
}

const emailOf = (key: string) => `${key}@${EMAIL_DOMAIN}`;

/** The creators (by index) the demo brand has a conversation with: those of its upcoming collabs. */
const DEMO_CONVERSATIONS = [0, 1, 2, 4, 6];

/** The brand writes about the coming collab and the creator answers, through the conversations' front door. */
async function converse(services: Services, brand: Party, creator: Party, c: DemoCreator): Promise<void> {
  const first = c.displayName.split(' ')[0];
  const opened = await services.conversations.start(brand.ctx, {
    creatorId: creator.profileId,
    text: `Hi ${first}! Looking forward to the launch-week stream. We'll send the brief with talking points by Friday.`,
  });
  await services.conversations.send(creator.ctx, {
    conversationId: opened.id,
    text: "Sounds great! I'll keep the time free and play the game beforehand. Anything you'd love me to show?",
  });
}

/**
 * Accounts anyone could sign in to: the demo accounts (their domain) and any support account whose
 * password is the published demo password. Production refuses to start while one exists.
 */
export async function knownPasswordAccounts(orm: Orm): Promise<string[]> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ email: string; password_hash: string; demo: boolean }[]>(
      `select email, password_hash, email like ? as demo from users where email like ? or role = ? order by email limit 200`,
      [`%@${EMAIL_DOMAIN}`, `%@${EMAIL_DOMAIN}`, UserRole.SUPPORT],
    );
  const found: string[] = [];
  for (const row of rows) if (row.demo || (await verifyPassword(row.password_hash, DEMO_PASSWORD))) found.push(row.email);
  return found;
}

/** Demo users share one password, so it is hashed once (argon2 is deliberately slow). */
async function register(em: EntityManager, passwordHash: string, key: string, accountType: AccountType) {
  const user = em.create(User, { email: emailOf(key), passwordHash, accountType, emailVerifiedAt: new Date() });
  await em.flush();
  return { user, ctx: { em, viewer: { id: user.id, role: user.role, accountType: user.accountType } } };
}

async function createCreator(em: EntityManager, services: Services, passwordHash: string, c: DemoCreator): Promise<Party> {
  const { user, ctx } = await register(em, passwordHash, c.key, AccountType.CREATOR);
  const profile = await services.profiles.createMyProfile(ctx, {
    displayName: c.displayName,
    bio: c.bio,
    hourlyRate: c.hourlyRate,
    minimumHours: c.minimumHours,
    platforms: c.platforms,
    timezone: c.timezone,
    ...c.handles,
  });
  return { user, ctx, profileId: profile.id };
}

async function createBrand(em: EntityManager, services: Services, passwordHash: string): Promise<Party> {
  const { user, ctx } = await register(em, passwordHash, DEMO_BRAND.key, AccountType.BRAND);
  const profile = await services.profiles.createMyProfile(ctx, { display_name: DEMO_BRAND.displayName, bio: DEMO_BRAND.bio, account_type: 'brand' });
  return { user, ctx, profileId: profile.id };
}

/** Hourly slots on the creator's schedule for the next 14 days, aligned to their local hour. */
function addSlots(em: EntityManager, profileId: string, c: DemoCreator, now: Date): AvailabilitySlot[] {
  const today = DateTime.fromJSDate(now, { zone: c.timezone }).startOf('day');
  const slots: AvailabilitySlot[] = [];
  for (let d = 0; d < SLOT_DAYS; d++) {
    const day = today.plus({ days: d });
    if (!c.schedule.weekdays.includes(day.weekday)) continue;
    for (let hour = c.schedule.from; hour < c.schedule.to; hour++) {
      const start = day.set({ hour }).toJSDate();
      if (start <= now) continue;
      slots.push(em.create(AvailabilitySlot, { creator: profileId, startTime: start, endTime: new Date(start.getTime() + HOUR) }));
    }
  }
  return slots;
}

function newBooking(
  em: EntityManager,
  c: DemoCreator,
  creator: Party,
  booker: Party,
  start: Date,
  hours: number,
  details: string,
  state: { status: BookingStatus; paymentStatus: PaymentStatus },
): Booking {
  const price = priceBooking(Math.round(c.hourlyRate * 100), hours, CURRENT_POLICY);
  const end = new Date(start.getTime() + hours * HOUR);
  const createdAt = new Date(start.getTime() - 4 * 24 * HOUR);
  const done = state.status === BookingStatus.COMPLETED;
  return em.create(Booking, {
    creator: creator.profileId,
    booker: booker.user,
    startTime: start,
    endTime: end,
    totalHours: hours,
    hourlyRateCents: Math.round(c.hourlyRate * 100),
    ...price,
    ...state,
    bookingDetails: details,
    creatorConfirmed: done,
    bookerConfirmed: done,
    confirmationDeadline: confirmationDeadlineFor(end, CURRENT_POLICY),
    policy: { ...CURRENT_POLICY },
    checkoutExpiresAt: new Date(createdAt.getTime() + CURRENT_POLICY.checkoutHoldMinutes * 60_000),
    authorizedAt: new Date(createdAt.getTime() + 60_000),
    acceptedAt: new Date(createdAt.getTime() + 3 * HOUR),
    completedAt: done ? new Date(end.getTime() + HOUR) : null,
    allocatedAt: done ? new Date(end.getTime() + HOUR) : null,
    releasedAt: done ? new Date(end.getTime() + 50 * HOUR) : null,
    paidOutAt: done ? new Date(end.getTime() + 52 * HOUR) : null,
    createdAt,
    updatedAt: done ? new Date(end.getTime() + 52 * HOUR) : createdAt,
  });
}

interface PastBooking {
  booking: Booking;
  reviewer: Party;
  reviewee: Party;
  rating: number | null;
  comment: string;
  /** The creator's review of the booker, if they wrote one. */
  reviewBack: string | null;
}

/** 2-4 completed, paid-out collaborations in the past weeks, booked by the brand or a fellow creator. */
function addPastBookings(em: EntityManager, c: DemoCreator, i: number, creators: Party[], brand: Party, now: Date): PastBooking[] {
  const out: PastBooking[] = [];
  const count = 2 + (i % 3);
  for (let j = 0; j < count; j++) {
    const day = DateTime.fromJSDate(now, { zone: c.timezone }).startOf('day').minus({ days: 3 + j * 4 + (i % 2) });
    const start = day.set({ hour: c.schedule.from + 1 }).toJSDate();
    const booker = j % 2 === 0 ? brand : creators[(i + 1) % creators.length];
    const hours = 1 + (j % 2);
    const booking = newBooking(em, c, creators[i], booker, start, hours, 'Sponsored stream featuring a new game release', {
      status: BookingStatus.COMPLETED,
      paymentStatus: PaymentStatus.PAID_OUT,
    });
    const rating = i === 3 && j === 1 ? null : RATINGS[(i + j) % RATINGS.length];
    const comments = REVIEW_COMMENTS[rating ?? 5];
    const reviewBack = booker === brand && j === 0 ? BRAND_REVIEW_COMMENTS[i % BRAND_REVIEW_COMMENTS.length] : null;
    out.push({ booking, reviewer: booker, reviewee: creators[i], rating, comment: comments[(i + j) % comments.length], reviewBack });
  }
  return out;
}

/** A confirmed 2-hour collaboration in the coming days; its two slots are taken. */
function addUpcomingBooking(em: EntityManager, c: DemoCreator, creator: Party, brand: Party, slots: AvailabilitySlot[], now: Date): Booking[] {
  const soonest = now.getTime() + 48 * HOUR;
  const first = slots.findIndex(
    (s, k) => s.startTime.getTime() >= soonest && slots[k + 1]?.startTime.getTime() === s.endTime.getTime(),
  );
  if (first < 0) return [];
  const taken = [slots[first], slots[first + 1]];
  const booking = newBooking(em, c, creator, brand, taken[0].startTime, 2, 'Launch-week stream for our new co-op game', {
    status: BookingStatus.CONFIRMED,
    paymentStatus: PaymentStatus.HELD,
  });
  for (const s of taken) {
    s.isBooked = true;
    s.bookingId = booking.id;
  }
  return [booking];
}

/**
 * An upcoming booking's payment as the brand's checkout and the creator's acceptance made it: a
 * PaymentIntent authorized with Stripe's 4242 test card and captured, so cancelling, disputing and
 * refunding work on it as on any booking. Made through the local provider once the demo data is
 * committed (the provider keeps its own records), with the booking's own idempotency keys.
 */
async function payWithTestCard(orm: Orm, services: Services, booking: Booking): Promise<void> {
  const { provider, local } = services.payments;
  const intent = await provider.createAuthorization({
    amountCents: booking.totalCents,
    currency: 'usd',
    bookingId: booking.id,
    description: `Collaboration booking ${booking.id} (${booking.totalHours} h)`,
    metadata: { booking_id: booking.id },
    idempotencyKey: providerKey(booking.id, 'authorize'),
  });
  await local!.confirmCard(intent.id, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  await provider.capture(intent.id, { idempotencyKey: providerKey(booking.id, 'capture') });
  await orm.em.fork().execute('update bookings set payment_intent_id = ? where id = ?', [intent.id, booking.id]);
}

/** The money trail of a demo booking: captured at acceptance; fee, allocation and transfer once paid out. */
function recordLedger(em: EntityManager, booking: Booking, kinds: LedgerKind[]) {
  const amounts: Partial<Record<LedgerKind, number>> = {
    [LedgerKind.CAPTURE]: booking.totalCents,
    [LedgerKind.FEE]: booking.feeCents,
    [LedgerKind.ALLOCATION]: booking.creatorAmountCents,
    [LedgerKind.TRANSFER]: booking.creatorAmountCents,
  };
  for (const kind of kinds) {
    recordEntry(em, {
      bookingId: booking.id,
      kind,
      amountCents: amounts[kind]!,
      idempotencyKey: `demo:${booking.id}:${kind}`,
      at: kind === LedgerKind.CAPTURE ? booking.acceptedAt! : booking.paidOutAt!,
    });
  }
}

/** Review dates after their sessions, booking counts, and the verified badges. */
async function finishStatistics(em: EntityManager, verifiedProfileIds: string[]) {
  await em.execute(`update reviews r set created_at = b.end_time + interval '3 hours', revealed_at = b.end_time + interval '3 hours' from bookings b where b.id = r.booking_id`);
  await em.execute(
    `update profiles p set total_bookings = (select count(*) from bookings b where b.streamer_id = p.id and b.status <> 'cancelled')`,
  );
  await em.execute(`update profiles set is_verified = true where id in (?) or account_type = 'brand'`, [verifiedProfileIds]);
}
