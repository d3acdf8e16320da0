import { Profile } from '../../profiles/profile.entity';
import { AccountType } from '../../users/user.entity';
import { AvailabilitySlot } from '../availability-slot.entity';
import { markEmailVerified, uniqueEmail, type TestApp } from '../../../../test/harness';

export interface Account {
  token: string;
  userId: string;
  profileId?: string;
}

/** Registers through the API (tokens are issued at the app clock's "now"). */
export async function signUp(app: TestApp, accountType: 'creator' | 'brand'): Promise<Account> {
  const res = await app.rest('POST', '/auth/register', { email: uniqueEmail(accountType), password: 'correct horse battery', accountType });
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  await markEmailVerified(app, res.body.data.user.id);
  return { token: res.body.data.tokens.accessToken, userId: res.body.data.user.id };
}

/** A creator with a profile in the given IANA zone (the profile row is written directly). */
export async function creator(app: TestApp, timezone = 'UTC'): Promise<Required<Account>> {
  const account = await signUp(app, 'creator');
  const em = app.orm.em.fork();
  const profile = em.create(Profile, {
    user: account.userId,
    accountType: AccountType.CREATOR,
    displayName: `Creator ${timezone}`,
    timezone,
    hourlyRateCents: 5000,
    platforms: ['twitch'],
  });
  await em.flush();
  return { ...account, profileId: profile.id };
}

export async function brand(app: TestApp): Promise<Account> {
  const account = await signUp(app, 'brand');
  const em = app.orm.em.fork();
  const profile = em.create(Profile, { user: account.userId, accountType: AccountType.BRAND, displayName: 'A brand' });
  await em.flush();
  return { ...account, profileId: profile.id };
}

/** Slots of a creator as stored, in time order, as ISO strings. */
export async function storedSlots(app: TestApp, profileId: string) {
  const slots = await app.orm.em.fork().find(AvailabilitySlot, { creator: profileId }, { orderBy: { startTime: 'asc' } });
  return slots.map((s) => ({
    id: s.id,
    start: s.startTime.toISOString(),
    end: s.endTime.toISOString(),
    isBooked: s.isBooked,
    source: s.source,
    patternId: s.patternId ?? null,
  }));
}

/** What a checkout does to a slot (the bookings feature owns this in the product). */
export async function markBooked(app: TestApp, slotId: string) {
  await app.orm.em.fork().nativeUpdate(AvailabilitySlot, { id: slotId }, { isBooked: true });
}

/** A slot written directly, e.g. one already in the past. */
export async function insertSlot(app: TestApp, profileId: string, start: string) {
  const em = app.orm.em.fork();
  const startTime = new Date(start);
  const slot = em.create(AvailabilitySlot, { creator: profileId, startTime, endTime: new Date(startTime.getTime() + 3_600_000) });
  await em.flush();
  return slot.id;
}
