import { markEmailVerified, uniqueEmail, type TestApp } from '../../../../test/harness';
import { AvailabilitySlot } from '../../availability/availability-slot.entity';
import { newBookingRow } from '../../bookings/__tests__/booking-fixtures';
import { BookingStatus, PaymentStatus } from '../../bookings/process/booking.model';

/** Test helpers shared by the profile, discovery and review suites (not a test file). */

export interface Account {
  token: string;
  userId: string;
  email: string;
}

export async function registerAccount(app: TestApp, accountType: 'creator' | 'brand' = 'creator'): Promise<Account> {
  const email = uniqueEmail(accountType);
  const res = await app.rest('POST', '/auth/register', { email, password: 'correct horse battery', accountType });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  await markEmailVerified(app, res.body.data.user.id);
  return { token: res.body.data.tokens.accessToken, userId: res.body.data.user.id, email };
}

export const CREATE_PROFILE = /* GraphQL */ `
  mutation ($input: CreateProfileInput!) {
    createProfile(input: $input) {
      id userId accountType displayName bio hourlyRateCents minimumHours platforms timezone isAvailable
      averageRating reviewCount totalBookings isVerified twitchUsername youtubeHandle tiktokHandle instagramHandle
    }
  }`;

export const creatorInput = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Pixel Pete',
  bio: 'Speedruns and cozy games',
  hourlyRateCents: 4500,
  minimumHours: 1,
  platforms: ['TWITCH'],
  twitchUsername: 'pixelpete',
  timezone: 'Europe/Berlin',
  ...overrides,
});

/** A creator account with a profile made through GraphQL; returns the account and profile id. */
export async function createCreator(app: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await registerAccount(app, 'creator');
  const res = await app.gql(CREATE_PROFILE, { input: creatorInput(overrides) }, account.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { ...account, profileId: res.body.data.createProfile.id as string };
}

/** Hourly slots starting at the given instants (free unless `booked`). */
export async function insertSlots(app: TestApp, creatorId: string, starts: Date[], booked = false) {
  const em = app.orm.em.fork();
  for (const start of starts) {
    em.create(AvailabilitySlot, {
      creator: creatorId,
      startTime: start,
      endTime: new Date(start.getTime() + 3_600_000),
      isBooked: booked,
    });
  }
  await em.flush();
}

export const hoursFromNow = (app: TestApp, hours: number) => {
  const d = new Date(app.clock.now().getTime() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d;
};

/** A booking inserted directly (bookings are another feature's; only its row matters here). */
export async function insertBooking(
  app: TestApp,
  args: { creatorId: string; bookerId: string; start: Date; hours?: number; status?: BookingStatus },
): Promise<string> {
  const em = app.orm.em.fork();
  const booking = newBookingRow(em, {
    creator: args.creatorId,
    booker: args.bookerId,
    start: args.start,
    hours: args.hours,
    status: args.status ?? BookingStatus.COMPLETED,
    paymentStatus: PaymentStatus.ALLOCATED,
    checkoutExpiresAt: new Date(args.start.getTime() - 86_400_000),
  });
  await em.flush();
  return booking.id;
}

export const errorCode = (body: any) => body.errors?.[0]?.extensions?.code;
export const errorMessage = (body: any) => body.errors?.[0]?.message;
