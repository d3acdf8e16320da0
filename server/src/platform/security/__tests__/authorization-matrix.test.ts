import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import {
  account,
  acceptedBooking,
  checkout,
  creator,
  enablePayouts,
  heldBooking,
  HOUR,
  hourFromNow,
  type Account,
  type Creator,
} from '../../../features/bookings/__tests__/booking-fixtures';
import { createKey } from '../../../features/partners/__tests__/partner-fixtures';
import { UserRole } from '../../../features/users/user.entity';
import { buildAppSchema } from '../../../app/schema';
import { dbSnapshot, isWrite, restRoutes } from './api-surface';

/**
 * Every write the API offers, tried by everyone who should NOT be able to make it (and by those
 * who should): anonymous, an unrelated user, the other party of the resource, support staff,
 * and a partner API key of the rightful owner. The rows are keyed by the schema's mutations and
 * the express router's write routes, so a new mutation or route without a row fails this test.
 * Every refused call must leave the database exactly as it was.
 */

type Actor = 'anonymous' | 'stranger' | 'otherParty' | 'support' | 'ownerKey';
/** 'ok' = it went through; otherwise the error code it must answer. */
type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'INVALID_TRANSITION' | 'CONFLICT' | `HTTP ${number}`;
type Stage = 'base' | 'unpaid' | 'held' | 'confirmed' | 'started' | 'disputed' | 'completed';

interface World {
  creator: Creator;
  booker: Account;
  stranger: Account;
  /** Support staff of this row only (their own profile, keys… never leak between rows). */
  support: Account;
  slotId: string;
  patternId: string;
  bookingId: string;
  paymentIntentId: string;
  clientSecret: string;
  disputeId: string;
  keyId: string;
  /** A registered user with a real password (sign-in rows). */
  user: { email: string; password: string; userId: string };
}

type Request = { gql: string; variables?: Record<string, unknown> } | { method: string; path: string; body?: unknown } | { method: string; path: string; form: FormData };

interface Row {
  stage: Stage;
  /** Who may rightfully do it; "the other party" is their counterpart (creator <-> booker; support's is the booker). */
  owner: 'creator' | 'booker' | 'support' | 'user';
  request: (w: World, actor: Actor) => Request | Promise<Request>;
  expect: Partial<Record<Actor, Outcome>> & { anonymous: Outcome; stranger: Outcome; otherParty: Outcome; support: Outcome };
}

const PASSWORD = 'matrix-password-1';
let app: TestApp;
/**
 * A real receiver for the webhook endpoints the rows create: deliveries succeed at once. (An
 * endpoint that cannot be reached is retried in the background and, once the test clock has moved
 * past 3 days, disabled with a notification to its owner: a write that would land inside another
 * row's refused call.)
 */
let receiver: Server;
let hooks = '';
const hourFromNowIso = (h: number) => hourFromNow(app, h).toISOString();

const gql = (query: string, variables: Record<string, unknown> = {}): Request => ({ gql: query, variables });
const rest = (method: string, path: string, body?: unknown): Request => ({ method, path, body });
/** A multipart upload: a small real PNG in the field `file`, after the given text fields. */
async function upload(method: string, path: string, fields: Record<string, string> = {}): Promise<Request> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return { method, path, form };
}

const ANON_ONLY_DENIED = { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'ok' } as const;
/** A creator-only action on the caller's own profile: a brand (no creator profile) is refused. */
const CREATOR_SELF = { anonymous: 'UNAUTHENTICATED', stranger: 'FORBIDDEN', otherParty: 'FORBIDDEN', support: 'FORBIDDEN' } as const;
/** Someone else's booking: only its parties (here the other party too) may act. */
const PARTIES_ONLY = (otherParty: Outcome) => ({ anonymous: 'UNAUTHENTICATED', stranger: 'FORBIDDEN', otherParty, support: 'FORBIDDEN' }) as const;
/** The owner's thing that support staff may manage too; anybody else's ids read as unknown. */
/** A conversation: its two members only; anybody else is told it does not exist. */
const MEMBERS_ONLY = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'ok', support: 'NOT_FOUND' } as const;
/** Free hours in one's calendar feed are a creator's setting: the others here are brand accounts, refused naming the field. */
const CREATOR_SETTING = { anonymous: 'UNAUTHENTICATED', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' } as const;
/** Answering a proposed time: the booker only. */
const PROPOSAL_BOOKER_ONLY = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'FORBIDDEN', support: 'NOT_FOUND' } as const;
/** An offer's move: its recipient's (or, to withdraw, its sender's); the other side is refused, anyone else told it does not exist. */
const OFFER_RECIPIENT_ONLY = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'FORBIDDEN', support: 'NOT_FOUND' } as const;
/** A step of a booking that is one party's (the brief, a delivery): the other party is refused, anyone else told the booking does not exist. */
const ONE_PARTYS_STEP = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'FORBIDDEN', support: 'NOT_FOUND' } as const;
/** The caller's own profile's photo: the others here have no profile to change. */
const NO_PROFILE = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } as const;
const OWNER_OR_SUPPORT = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'ok' } as const;
// Changes to a partner's integration that support may not make (support reads, revokes and disables only).
const OWNER_ONLY = { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } as const;
/** A one-time link that is not valid: refused for everyone alike. */
const BAD_LINK = 'x'.repeat(43);
const LINK_ONLY = { anonymous: 'BAD_USER_INPUT', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' } as const;
/** The caller's own account only; here every signed-in caller's request is refused on its merits. */
const OWN_ACCOUNT_REFUSED = { anonymous: 'UNAUTHENTICATED', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' } as const;
/** Turning off two-step sign-in for one's own account, which has none on: a conflict for every signed-in caller. */
const NOT_ENROLLED = { anonymous: 'UNAUTHENTICATED', stranger: 'CONFLICT', otherParty: 'CONFLICT', support: 'CONFLICT' } as const;
const SUPPORT_ONLY = { anonymous: 'UNAUTHENTICATED', stranger: 'FORBIDDEN', otherParty: 'FORBIDDEN', support: 'ok' } as const;
const PUBLIC = { anonymous: 'ok', stranger: 'ok', otherParty: 'ok', support: 'ok' } as const;
/** The creator's slot or schedule: nobody else may touch it. */
const CREATORS_THING = { anonymous: 'UNAUTHENTICATED', stranger: 'FORBIDDEN', otherParty: 'FORBIDDEN', support: 'FORBIDDEN' } as const;

const SLOT_INPUT = () => ({ startTime: hourFromNowIso(200), endTime: hourFromNowIso(201) });
/** Each caller books a different one of the creator's free hours, so one booking does not block the next. */
const HOUR_OF: Record<Actor, number> = { anonymous: 48, ownerKey: 48, stranger: 49, support: 50, otherParty: 48 };
const checkoutHours = (actor: Actor) => ({ creatorId: '', startTime: hourFromNowIso(HOUR_OF[actor]), endTime: hourFromNowIso(HOUR_OF[actor] + 1) });

const MUTATIONS: Record<string, Row> = {
  register: { stage: 'base', owner: 'user', request: () => gql(`mutation ($i: RegisterInput!) { register(input: $i) { user { id } } }`, { i: { email: uniqueEmail('m'), password: PASSWORD, accountType: 'BRAND' } }), expect: PUBLIC },
  login: { stage: 'base', owner: 'user', request: (w) => gql(`mutation ($i: LoginInput!) { login(input: $i) { user { id } } }`, { i: { email: w.user.email, password: w.user.password } }), expect: PUBLIC },
  refreshToken: { stage: 'base', owner: 'user', request: async (w) => gql(`mutation ($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, { t: await freshRefreshToken(w) }), expect: PUBLIC },
  logout: { stage: 'base', owner: 'user', request: async (w) => gql(`mutation ($t: String) { logout(refreshToken: $t) }`, { t: await freshRefreshToken(w) }), expect: PUBLIC },
  changePassword: {
    stage: 'base', owner: 'user',
    request: () => gql(`mutation ($i: ChangePasswordInput!) { changePassword(input: $i) { user { id } } }`, { i: { currentPassword: 'not-the-password', newPassword: 'another-password-2' } }),
    // Every signed-in caller changes only their own password (and must know the current one).
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' },
  },
  // Account recovery (issue 27): public by nature, or the caller's own account; a link's token is the authority.
  requestPasswordReset: { stage: 'base', owner: 'user', request: (w) => gql(`mutation ($e: String!) { requestPasswordReset(email: $e) { message } }`, { e: w.user.email }), expect: PUBLIC },
  resetPassword: { stage: 'base', owner: 'user', request: () => gql(`mutation ($i: ResetPasswordInput!) { resetPassword(input: $i) { message } }`, { i: { token: BAD_LINK, password: 'a fresh passphrase 77 owl' } }), expect: LINK_ONLY },
  verifyEmail: { stage: 'base', owner: 'user', request: () => gql(`mutation ($t: String!) { verifyEmail(token: $t) { id } }`, { t: BAD_LINK }), expect: LINK_ONLY },
  // Every signed-in caller here is verified already (or, for changeEmail, does not know the password).
  resendVerificationEmail: { stage: 'base', owner: 'user', request: () => gql(`mutation { resendVerificationEmail { message } }`), expect: OWN_ACCOUNT_REFUSED },
  changeEmail: { stage: 'base', owner: 'user', request: () => gql(`mutation ($i: ChangeEmailInput!) { changeEmail(input: $i) { message } }`, { i: { newEmail: uniqueEmail('moved'), password: 'not-the-password' } }), expect: OWN_ACCOUNT_REFUSED },
  suspendUser: { stage: 'base', owner: 'support', request: (w) => gql(`mutation ($u: String!) { suspendUser(userId: $u, reason: "Spam") { id } }`, { u: w.user.userId }), expect: SUPPORT_ONLY },
  unsuspendUser: { stage: 'base', owner: 'support', request: (w) => gql(`mutation ($u: String!) { unsuspendUser(userId: $u) { id } }`, { u: w.user.userId }), expect: SUPPORT_ONLY },
  addAvailability: { stage: 'base', owner: 'creator', request: () => gql(`mutation ($i: AddAvailabilityInput!) { addAvailability(input: $i) { id } }`, { i: SLOT_INPUT() }), expect: CREATOR_SELF },
  updateAvailabilitySlot: { stage: 'base', owner: 'creator', request: (w) => gql(`mutation ($id: ID!, $i: UpdateAvailabilitySlotInput!) { updateAvailabilitySlot(id: $id, input: $i) { id } }`, { id: w.slotId, i: SLOT_INPUT() }), expect: CREATORS_THING },
  deleteAvailabilitySlot: { stage: 'base', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { deleteAvailabilitySlot(id: $id) }`, { id: w.slotId }), expect: CREATORS_THING },
  createRecurringPattern: { stage: 'base', owner: 'creator', request: () => gql(`mutation { createRecurringPattern(input: { title: "Evenings", daysOfWeek: [1, 2] }) { id } }`), expect: CREATOR_SELF },
  updateRecurringPattern: { stage: 'base', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { updateRecurringPattern(id: $id, input: { title: "Taken over" }) { id } }`, { id: w.patternId }), expect: CREATORS_THING },
  deleteRecurringPattern: { stage: 'base', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { deleteRecurringPattern(id: $id) }`, { id: w.patternId }), expect: CREATORS_THING },
  generateSlots: { stage: 'base', owner: 'creator', request: () => gql(`mutation { generateSlots { id } }`), expect: CREATOR_SELF },
  // Anyone signed in may create their own profile (once); it never touches the creator's.
  createProfile: { stage: 'base', owner: 'user', request: () => gql(`mutation { createProfile(input: { displayName: "Matrix Brand" }) { id } }`), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'ok' } },
  updateProfile: { stage: 'base', owner: 'creator', request: () => gql(`mutation { updateProfile(input: { bio: "changed" }) { id } }`), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
  createReview: { stage: 'completed', owner: 'booker', request: (w) => gql(`mutation ($i: CreateReviewInput!) { createReview(input: $i) { id } }`, { i: { bookingId: w.bookingId, rating: 5 } }), expect: PARTIES_ONLY('ok') },
  createConnectAccount: { stage: 'base', owner: 'creator', request: () => gql(`mutation { createConnectAccount { url } }`), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
  addTestFunds: { stage: 'base', owner: 'user', request: () => gql(`mutation { addTestFunds(amountCents: 100) { amountAddedCents } }`), expect: ANON_ONLY_DENIED },
  confirmLocalPayment: {
    stage: 'unpaid', owner: 'booker',
    request: (w) => gql(`mutation ($pi: ID!) { confirmLocalPayment(paymentIntentId: $pi, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123") { status } }`, { pi: w.paymentIntentId }),
    expect: PARTIES_ONLY('FORBIDDEN'),
  },
  createBookingCheckout: {
    stage: 'base', owner: 'booker',
    request: (w, actor) => gql(`mutation ($i: CreateBookingCheckoutInput!) { createBookingCheckout(input: $i) { checkoutUrl } }`, { i: { ...checkoutHours(actor), creatorId: w.creator.profileId } }),
    // Any signed-in user may book a creator, but never themselves (the other party here is the creator).
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'FORBIDDEN', support: 'ok' },
  },
  verifyBookingPayment: { stage: 'unpaid', owner: 'booker', request: (w) => gql(`mutation ($i: VerifyBookingPaymentInput!) { verifyBookingPayment(input: $i) { bookingConfirmed } }`, { i: { bookingId: w.bookingId } }), expect: PARTIES_ONLY('ok') },
  acceptBooking: { stage: 'held', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: w.bookingId }), expect: PARTIES_ONLY('FORBIDDEN') },
  declineBooking: { stage: 'held', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { declineBooking(bookingId: $id) { status } }`, { id: w.bookingId }), expect: PARTIES_ONLY('FORBIDDEN') },
  confirmBookingCompletion: { stage: 'started', owner: 'booker', request: (w) => gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { status } }`, { id: w.bookingId }), expect: PARTIES_ONLY('ok') },
  cancelBooking: { stage: 'held', owner: 'booker', request: (w) => gql(`mutation ($i: CancelBookingInput!) { cancelBooking(input: $i) { status } }`, { i: { bookingId: w.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } }), expect: PARTIES_ONLY('ok') },
  openDispute: { stage: 'started', owner: 'booker', request: (w) => gql(`mutation ($i: OpenDisputeInput!) { openDispute(input: $i) { status } }`, { i: { bookingId: w.bookingId, reason: 'It did not happen' } }), expect: PARTIES_ONLY('ok') },
  requestPayout: { stage: 'completed', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { requestPayout(bookingId: $id) { paymentStatus } }`, { id: w.bookingId }), expect: PARTIES_ONLY('FORBIDDEN') },
  resolveDispute: { stage: 'disputed', owner: 'support', request: (w) => gql(`mutation ($i: ResolveDisputeInput!) { resolveDispute(input: $i) { id } }`, { i: { disputeId: w.disputeId, resolution: 'RELEASE', note: 'The session took place' } }), expect: SUPPORT_ONLY },
  warnUser: { stage: 'disputed', owner: 'support', request: (w) => gql(`mutation ($i: WarnUserInput!) { warnUser(input: $i) { id } }`, { i: { userId: w.creator.userId, reason: 'No-show' } }), expect: SUPPORT_ONLY },
  // The creator answers the booker's dispute; the opener (the other party here) may not answer themselves.
  addDisputeStatement: {
    stage: 'disputed', owner: 'creator',
    request: (w) => gql(`mutation ($i: AddDisputeStatementInput!) { addDisputeStatement(input: $i) { id } }`, { i: { disputeId: w.disputeId, statement: 'We were there' } }),
    expect: PARTIES_ONLY('FORBIDDEN'),
  },
  createApiKey: { stage: 'base', owner: 'user', request: () => gql(`mutation { createApiKey(input: { name: "mine" }) { secret } }`), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'FORBIDDEN' } },
  revokeApiKey: { stage: 'base', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "Leaked key") { status } }`, { id: w.keyId }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'ok' } },
  createWebhookEndpoint: {
    stage: 'base', owner: 'user',
    request: () => gql(`mutation { createWebhookEndpoint(input: { url: "${hooks}/m", eventTypes: ["booking.created"] }) { secret } }`),
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'FORBIDDEN' },
  },
  updateWebhookEndpoint: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { id } }`, { id: await creatorsEndpoint(w) }), expect: OWNER_ONLY },
  disableWebhookEndpoint: {
    stage: 'base', owner: 'creator',
    request: async (w) => gql(`mutation ($id: ID!) { disableWebhookEndpoint(id: $id, reason: "Failing for days") { id } }`, { id: await creatorsEndpoint(w) }),
    expect: OWNER_OR_SUPPORT,
  },
  deleteWebhookEndpoint: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id: await creatorsEndpoint(w) }), expect: OWNER_ONLY },
  rotateWebhookSecret: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`, { id: await creatorsEndpoint(w) }), expect: OWNER_ONLY },
  replayWebhookEvents: {
    stage: 'base', owner: 'creator',
    request: async (w) => gql(`mutation ($id: ID!, $since: DateTimeISO!) { replayWebhookEvents(endpointId: $id, since: $since) { queued } }`, { id: await creatorsEndpoint(w), since: new Date(Date.now() - HOUR).toISOString() }),
    expect: OWNER_ONLY,
  },
  // Conversations: members only (a stranger or support outside a dispute cannot tell it exists).
  startConversation: {
    stage: 'base', owner: 'booker',
    request: (w) => gql(`mutation ($c: ID!) { startConversation(creatorId: $c, text: "Are you free?") { id } }`, { c: w.creator.profileId }),
    // Anyone signed in may write to a creator, but never to themselves (the other party here is the creator).
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'BAD_USER_INPUT', support: 'ok' },
  },
  sendMessage: {
    stage: 'base', owner: 'booker',
    request: async (w, actor) => gql(`mutation ($id: ID!, $f: [ID!]) { sendMessage(conversationId: $id, text: "Hi", fileIds: $f) { id } }`, { id: await bookersConversation(w), f: [await callersFile(w, actor)] }),
    expect: MEMBERS_ONLY,
  },
  markConversationRead: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!) { markConversationRead(conversationId: $id) { id } }`, { id: await bookersConversation(w) }), expect: MEMBERS_ONLY },
  // Packages (issue 33): the creator's own; bought like an hourly booking.
  createPackage: { stage: 'base', owner: 'creator', request: () => gql(`mutation { createPackage(input: { title: "Segment", deliverables: { liveMinutes: 15 }, priceCents: 20000 }) { id } }`), expect: CREATOR_SELF },
  updatePackage: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { updatePackage(id: $id, input: { priceCents: 100 }) { id } }`, { id: await creatorsPackage(w) }), expect: OWNER_ONLY },
  checkoutPackage: {
    stage: 'base', owner: 'booker',
    request: async (w, actor) => gql(`mutation ($i: PackageCheckoutInput!) { checkoutPackage(input: $i) { checkoutUrl } }`, { i: { packageId: await creatorsPackage(w), startTime: hourFromNowIso(HOUR_OF[actor]) } }),
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'FORBIDDEN', support: 'ok' },
  },
  // Custom offers: the conversation's members only; the answer is its recipient's, the withdrawal its sender's.
  sendOffer: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!, $i: OfferTermsInput!) { sendOffer(conversationId: $id, input: $i) { id } }`, { id: await bookersConversation(w), i: OFFER_TERMS() }), expect: MEMBERS_ONLY },
  counterOffer: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!, $i: OfferTermsInput!) { counterOffer(offerId: $id, input: $i) { id } }`, { id: await creatorsOffer(w), i: OFFER_TERMS() }), expect: OFFER_RECIPIENT_ONLY },
  acceptOffer: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!) { acceptOffer(offerId: $id) { offer { id } } }`, { id: await creatorsOffer(w) }), expect: OFFER_RECIPIENT_ONLY },
  declineOffer: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!) { declineOffer(offerId: $id) { id } }`, { id: await creatorsOffer(w) }), expect: OFFER_RECIPIENT_ONLY },
  withdrawOffer: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { withdrawOffer(offerId: $id) { id } }`, { id: await creatorsOffer(w) }), expect: OFFER_RECIPIENT_ONLY },
  setTyping: { stage: 'base', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!) { setTyping(conversationId: $id) }`, { id: await bookersConversation(w) }), expect: MEMBERS_ONLY },
  proposeBookingTime: {
    stage: 'held', owner: 'creator',
    request: (w) => {
      const start = hourFromNow(app, 49);
      return gql(`mutation ($i: ProposeBookingTimeInput!) { proposeBookingTime(input: $i) { id } }`, { i: { bookingId: w.bookingId, startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString() } });
    },
    // Either party may propose another time once the booking is confirmed; before that only the creator answers a request.
    expect: PARTIES_ONLY('INVALID_TRANSITION'),
  },
  respondToProposedTime: {
    stage: 'held', owner: 'booker',
    request: async (w) => gql(`mutation ($i: RespondToProposedTimeInput!) { respondToProposedTime(input: $i) { id } }`, { i: { messageId: await creatorsProposal(w), accept: false } }),
    expect: PROPOSAL_BOOKER_ONLY,
  },
  // Each signed-in caller changes only their own inbox, preferences and feed.
  markNotificationsRead: { stage: 'base', owner: 'user', request: () => gql(`mutation { markNotificationsRead(input: { all: true }) }`), expect: ANON_ONLY_DENIED },
  updateBillingDetails: { stage: 'base', owner: 'user', request: () => gql(`mutation { updateBillingDetails(input: { name: "Acme", address: "Street 1" }) { name } }`), expect: ANON_ONLY_DENIED },
  updateNotificationPreferences: { stage: 'base', owner: 'user', request: () => gql(`mutation { updateNotificationPreferences(input: { timeZone: "Europe/Berlin" }) { timeZone } }`), expect: ANON_ONLY_DENIED },
  regenerateCalendarFeed: { stage: 'base', owner: 'user', request: () => gql(`mutation { regenerateCalendarFeed { url } }`), expect: ANON_ONLY_DENIED },
  setCalendarFeedFreeHours: { stage: 'base', owner: 'creator', request: () => gql(`mutation { setCalendarFeedFreeHours(include: true) { url } }`), expect: CREATOR_SETTING },
  // Two-step sign-in and sessions (issue 27): the caller's own account only.
  setupTwoFactor: { stage: 'base', owner: 'user', request: () => gql(`mutation { setupTwoFactor { secret } }`), expect: ANON_ONLY_DENIED },
  enableTwoFactor: { stage: 'base', owner: 'user', request: () => gql(`mutation { enableTwoFactor(code: "000000") { recoveryCodes } }`), expect: OWN_ACCOUNT_REFUSED },
  disableTwoFactor: { stage: 'base', owner: 'user', request: () => gql(`mutation { disableTwoFactor(input: { password: "not-the-password", code: "000000" }) }`), expect: NOT_ENROLLED },
  revokeSession: { stage: 'base', owner: 'user', request: async (w) => gql(`mutation ($id: ID!) { revokeSession(id: $id) }`, { id: await usersSession(w) }), expect: OWNER_ONLY },
  supportResetTwoFactor: {
    stage: 'base', owner: 'support',
    request: (w) => gql(`mutation ($u: ID!) { supportResetTwoFactor(userId: $u, reason: "Lost phone, identity checked") }`, { u: w.user.userId }),
    expect: SUPPORT_ONLY,
  },
  // Connected calendars, scheduling guards and time off (issue 30): the creator's own.
  connectCalendar: { stage: 'base', owner: 'creator', request: () => gql(`mutation { connectCalendar(input: { kind: "ics", url: "${hooks}/cal.ics" }) { id } }`), expect: CREATOR_SELF },
  syncCalendarConnection: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { syncCalendarConnection(id: $id) { id } }`, { id: await creatorsCalendar(w) }), expect: CREATORS_THING },
  deleteCalendarConnection: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { deleteCalendarConnection(id: $id) }`, { id: await creatorsCalendar(w) }), expect: CREATORS_THING },
  updateSchedulingSettings: { stage: 'base', owner: 'creator', request: () => gql(`mutation { updateSchedulingSettings(input: { minNoticeMinutes: 120 }) { minNoticeMinutes } }`), expect: CREATOR_SELF },
  addTimeOff: { stage: 'base', owner: 'creator', request: () => gql(`mutation ($i: TimeOffInput!) { addTimeOff(input: $i) { id } }`, { i: { startTime: hourFromNowIso(300), endTime: hourFromNowIso(320) } }), expect: CREATOR_SELF },
  deleteTimeOff: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { deleteTimeOff(id: $id) }`, { id: await creatorsTimeOff(w) }), expect: CREATORS_THING },
  resendWebhookDelivery: {
    stage: 'base', owner: 'creator',
    request: async (w) => {
      const endpointId = await creatorsEndpoint(w);
      const [row] = await app.orm.em.fork().getConnection().execute(
        `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, last_attempt_at)
         values (gen_random_uuid(), ?, gen_random_uuid(), 'booking.created', now(), '{}', 'failed', 3, now(), now()) returning id`,
        [endpointId],
      );
      return gql(`mutation ($id: ID!) { resendWebhookDelivery(id: $id) { status } }`, { id: row.id });
    },
    expect: OWNER_ONLY,
  },
  sendWebhookTestEvent: { stage: 'base', owner: 'creator', request: async (w) => gql(`mutation ($id: ID!) { sendWebhookTestEvent(endpointId: $id) { id } }`, { id: await creatorsEndpoint(w) }), expect: OWNER_ONLY },
  // The sign-up form's meter: judges what is typed, stores nothing.
  passwordStrength: { stage: 'base', owner: 'user', request: () => gql(`mutation { passwordStrength(input: { password: "correct horse battery" }) { score } }`), expect: PUBLIC },
  // Photos and logos (issue 32): the caller's own profile.
  removeProfilePhoto: { stage: 'base', owner: 'creator', request: () => gql(`mutation { removeProfilePhoto { id } }`), expect: NO_PROFILE },
  // The contact form is open to everyone; its tickets are support's.
  sendContactMessage: { stage: 'base', owner: 'user', request: () => gql(`mutation ($i: ContactMessageInput!) { sendContactMessage(input: $i) { reference } }`, { i: CONTACT() }), expect: PUBLIC },
  setSupportTicketStatus: { stage: 'base', owner: 'support', request: async () => gql(`mutation ($id: ID!) { setSupportTicketStatus(id: $id, status: CLOSED) { id } }`, { id: await contactTicket() }), expect: SUPPORT_ONLY },
  // A brief and deliveries (issue 33): the booker writes the brief and answers deliveries, the creator confirms and delivers.
  putBookingBrief: { stage: 'confirmed', owner: 'booker', request: (w) => gql(`mutation ($id: ID!, $i: BookingBriefInput!) { putBookingBrief(bookingId: $id, input: $i) { id } }`, { id: w.bookingId, i: BRIEF }), expect: ONE_PARTYS_STEP },
  confirmBookingBrief: { stage: 'confirmed', owner: 'creator', request: async (w) => (await bookersBrief(w), gql(`mutation ($id: ID!) { confirmBookingBrief(bookingId: $id) { id } }`, { id: w.bookingId })), expect: ONE_PARTYS_STEP },
  submitDelivery: { stage: 'confirmed', owner: 'creator', request: (w) => gql(`mutation ($id: ID!) { submitDelivery(bookingId: $id, input: { links: ["https://example.com/vod/1"] }) { id } }`, { id: w.bookingId }), expect: ONE_PARTYS_STEP },
  approveDelivery: { stage: 'confirmed', owner: 'booker', request: async (w) => gql(`mutation ($id: ID!, $d: ID!) { approveDelivery(bookingId: $id, deliveryId: $d) { id } }`, { id: w.bookingId, d: await creatorsDelivery(w) }), expect: ONE_PARTYS_STEP },
  requestDeliveryChanges: {
    stage: 'confirmed', owner: 'booker',
    request: async (w) => gql(`mutation ($id: ID!, $d: ID!) { requestDeliveryChanges(bookingId: $id, deliveryId: $d, note: "Show the logo") { id } }`, { id: w.bookingId, d: await creatorsDelivery(w) }),
    expect: ONE_PARTYS_STEP,
  },
};

const BRIEF = { talkingPoints: 'Show the controller', links: ['https://example.com/controller'], disclosureRequired: true };
const CONTACT = () => ({ name: 'Matrix Visitor', email: uniqueEmail('contact'), subject: 'Question', message: 'How do packages work?' });

/** The booker's brief on the row's (confirmed) booking: the same text each time is one version. */
async function bookersBrief(w: World): Promise<void> {
  const res = await app.rest('PUT', `/bookings/${w.bookingId}/brief`, { talking_points: BRIEF.talkingPoints, links: BRIEF.links, disclosure_required: true }, w.booker.token);
  expect(res.status).toBe(200);
}

/** The creator's delivery waiting for the booker's answer on the row's booking (submitted once, then the same one). */
async function creatorsDelivery(w: World): Promise<string> {
  const [open] = await app.orm.em.fork().getConnection().execute(`select id from booking_deliveries where booking_id = ? and status = 'submitted'`, [w.bookingId]);
  if (open) return open.id;
  const res = await app.rest('POST', `/bookings/${w.bookingId}/deliveries`, { links: ['https://example.com/vod/1'] }, w.creator.token);
  return res.body.data.id;
}

/** A ticket from the contact form (made fresh for each caller). */
async function contactTicket(): Promise<string> {
  const sent = await app.rest('POST', '/contact', CONTACT());
  const [row] = await app.orm.em.fork().getConnection().execute(`select id from support_tickets where reference = ?`, [sent.body.data.reference]);
  return row.id;
}

/** The booker's conversation with the row's creator (an inquiry; the same one for every caller). */
async function bookersConversation(w: World): Promise<string> {
  const res = await app.gql(`mutation ($c: ID!) { startConversation(creatorId: $c, text: "Hello") { id } }`, { c: w.creator.profileId }, w.booker.token);
  return res.body.data.startConversation.id;
}

/**
 * A file the caller uploaded (a message carries its sender's own files); anonymous and a key send the
 * booker's. Uploaded while the request is built, before the snapshot.
 */
async function callersFile(w: World, actor: Actor): Promise<string> {
  const who = actor === 'stranger' ? w.stranger : actor === 'support' ? w.support : actor === 'otherParty' ? w.creator : w.booker;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n' + ' '.repeat(64), 'latin1'))]), 'note.pdf');
  const res = await fetch(`${app.url}/api/v1/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.id;
}

/** A live package of the row's creator (made fresh for each caller; no lead time). */
async function creatorsPackage(w: World): Promise<string> {
  const res = await app.rest('POST', '/packages', { title: 'Segment', deliverables: { live_minutes: 30 }, price_cents: 20_000 }, w.creator.token);
  return res.body.data.package.id;
}

/** An offer's terms: two clips due in a week. */
const OFFER_TERMS = () => ({ items: [{ label: 'Clip', quantity: 2, unitPriceCents: 5000 }], dueAt: hourFromNowIso(24 * 7) });

/** An offer the row's creator sends the booker in their conversation (made fresh for each caller). */
async function creatorsOffer(w: World): Promise<string> {
  const id = await bookersConversation(w);
  const res = await app.rest('POST', `/conversations/${id}/offers`, { items: [{ label: 'Clip', quantity: 2, unit_price_cents: 5000 }], due_at: hourFromNowIso(24 * 7) }, w.creator.token);
  return res.body.data.offer.id;
}

/** A time the creator proposes for the held booking: the next free hour after the booked one. */
async function creatorsProposal(w: World): Promise<string> {
  const start = hourFromNow(app, 49);
  const res = await app.gql(
    `mutation ($i: ProposeBookingTimeInput!) { proposeBookingTime(input: $i) { id } }`,
    { i: { bookingId: w.bookingId, startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString() } },
    w.creator.token,
  );
  return res.body.data.proposeBookingTime.id;
}

/** One of the row's user's own sessions (a fresh sign-in). */
async function usersSession(w: World): Promise<string> {
  const login = await app.rest('POST', '/auth/login', { email: w.user.email, password: w.user.password });
  const res = await app.gql(`{ sessions { id current } }`, {}, login.body.data.tokens.accessToken);
  return res.body.data.sessions.find((x: { current: boolean }) => x.current).id;
}

/** A calendar connection of the row's creator (made fresh for each caller). */
async function creatorsCalendar(w: World): Promise<string> {
  const res = await app.gql(`mutation { connectCalendar(input: { kind: "ics", url: "${hooks}/creator.ics" }) { id } }`, {}, w.creator.token);
  return res.body.data.connectCalendar.id;
}

/** A time-off range of the row's creator (made fresh for each caller). */
async function creatorsTimeOff(w: World): Promise<string> {
  const res = await app.gql(`mutation ($i: TimeOffInput!) { addTimeOff(input: $i) { id } }`, { i: { startTime: hourFromNowIso(400), endTime: hourFromNowIso(410) } }, w.creator.token);
  return res.body.data.addTimeOff.id;
}

/** A webhook endpoint of the row's creator (made fresh for each caller). */
async function creatorsEndpoint(w: World): Promise<string> {
  const res = await app.gql(`mutation { createWebhookEndpoint(input: { url: "${hooks}/c", eventTypes: ["booking.created"] }) { endpoint { id } } }`, {}, w.creator.token);
  return res.body.data.createWebhookEndpoint.endpoint.id;
}

const REST_WRITES: Record<string, Row> = {
  // Signed by Stripe, not by a user: without a valid signature nobody gets through.
  'POST /stripe/webhook': { stage: 'base', owner: 'user', request: () => rest('POST', '/stripe/webhook', { id: 'evt_1', type: 'payment_intent.succeeded' }), expect: { anonymous: 'BAD_USER_INPUT', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' } },
  'POST /auth/forgot-password': { stage: 'base', owner: 'user', request: (w) => rest('POST', '/auth/forgot-password', { email: w.user.email }), expect: PUBLIC },
  'POST /auth/reset-password': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/reset-password', { token: BAD_LINK, password: 'a fresh passphrase 77 owl' }), expect: LINK_ONLY },
  'POST /auth/verify-email': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/verify-email', { token: BAD_LINK }), expect: LINK_ONLY },
  'POST /auth/resend-verification': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/resend-verification', {}), expect: OWN_ACCOUNT_REFUSED },
  'POST /auth/change-email': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/change-email', { newEmail: uniqueEmail('moved'), password: 'not-the-password' }), expect: OWN_ACCOUNT_REFUSED },
  'POST /support/users/:id/suspend': { stage: 'base', owner: 'support', request: (w) => rest('POST', `/support/users/${w.user.userId}/suspend`, { reason: 'Spam' }), expect: SUPPORT_ONLY },
  'POST /support/users/:id/unsuspend': { stage: 'base', owner: 'support', request: (w) => rest('POST', `/support/users/${w.user.userId}/unsuspend`, {}), expect: SUPPORT_ONLY },
  'POST /auth/register': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/register', { email: uniqueEmail('m'), password: PASSWORD, accountType: 'brand' }), expect: PUBLIC },
  'POST /auth/login': { stage: 'base', owner: 'user', request: (w) => rest('POST', '/auth/login', { email: w.user.email, password: w.user.password }), expect: PUBLIC },
  'POST /auth/refresh': { stage: 'base', owner: 'user', request: async (w) => rest('POST', '/auth/refresh', { refreshToken: await freshRefreshToken(w) }), expect: PUBLIC },
  'POST /auth/logout': { stage: 'base', owner: 'user', request: async (w) => rest('POST', '/auth/logout', { refreshToken: await freshRefreshToken(w) }), expect: PUBLIC },
  'POST /users/change-password': {
    stage: 'base', owner: 'user',
    request: () => rest('POST', '/users/change-password', { currentPassword: 'not-the-password', newPassword: 'another-password-2' }),
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'BAD_USER_INPUT', otherParty: 'BAD_USER_INPUT', support: 'BAD_USER_INPUT' },
  },
  'POST /availability': { stage: 'base', owner: 'creator', request: (w) => rest('POST', '/availability', { streamer_id: w.creator.profileId, start_time: hourFromNowIso(200), end_time: hourFromNowIso(201) }), expect: CREATOR_SELF },
  'PUT /availability/:id': { stage: 'base', owner: 'creator', request: (w) => rest('PUT', `/availability/${w.slotId}`, { start_time: hourFromNowIso(200), end_time: hourFromNowIso(201) }), expect: CREATORS_THING },
  'DELETE /availability/:id': { stage: 'base', owner: 'creator', request: (w) => rest('DELETE', `/availability/${w.slotId}`), expect: CREATORS_THING },
  'POST /availability/recurring': { stage: 'base', owner: 'creator', request: (w) => rest('POST', '/availability/recurring', { streamerId: w.creator.profileId, title: 'Mornings', dayOfWeek: [1], startTime: '09:00', endTime: '10:00' }), expect: CREATOR_SELF },
  'PUT /availability/recurring/:id': { stage: 'base', owner: 'creator', request: (w) => rest('PUT', `/availability/recurring/${w.patternId}`, { title: 'Taken over' }), expect: CREATORS_THING },
  'DELETE /availability/recurring/:id': { stage: 'base', owner: 'creator', request: (w) => rest('DELETE', `/availability/recurring/${w.patternId}`), expect: CREATORS_THING },
  'POST /availability/generate-slots': { stage: 'base', owner: 'creator', request: (w) => rest('POST', '/availability/generate-slots', { streamerId: w.creator.profileId, slotDuration: 1 }), expect: CREATOR_SELF },
  'POST /streamers': { stage: 'base', owner: 'user', request: () => rest('POST', '/streamers', { display_name: 'Matrix Brand', account_type: 'brand' }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'ok' } },
  'PUT /streamers/:id': { stage: 'base', owner: 'creator', request: (w) => rest('PUT', `/streamers/${w.creator.profileId}`, { bio: 'taken over' }), expect: CREATORS_THING },
  'POST /users/streamer-profile': { stage: 'base', owner: 'user', request: () => rest('POST', '/users/streamer-profile', { display_name: 'Matrix Brand', account_type: 'brand' }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'ok', support: 'ok' } },
  'PUT /users/streamer-profile': { stage: 'base', owner: 'creator', request: () => rest('PUT', '/users/streamer-profile', { bio: 'changed' }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
  'PUT /users/profile': { stage: 'base', owner: 'creator', request: () => rest('PUT', '/users/profile', { bio: 'changed' }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
  'POST /reviews': { stage: 'completed', owner: 'booker', request: (w) => rest('POST', '/reviews', { booking_id: w.bookingId, rating: 4, reviewer_id: w.booker.userId }), expect: PARTIES_ONLY('ok') },
  'POST /stripe/create-account': { stage: 'base', owner: 'creator', request: () => rest('POST', '/stripe/create-account', {}), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
  'POST /testing/add-funds': { stage: 'base', owner: 'user', request: () => rest('POST', '/testing/add-funds', { amount: 100 }), expect: ANON_ONLY_DENIED },
  'POST /local-payments/:paymentIntentId/confirm': {
    stage: 'unpaid', owner: 'booker',
    request: (w) => rest('POST', `/local-payments/${w.paymentIntentId}/confirm`, { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
    expect: PARTIES_ONLY('FORBIDDEN'),
  },
  // The onboarding page's link id is its key (no sign-in); a wrong link opens nothing for anyone (an HTML 404 page).
  'POST /local-payments/onboarding/:accountId/complete': { stage: 'base', owner: 'creator', request: () => rest('POST', '/local-payments/onboarding/acct_local_unknown/complete', { link: 'link_wrong' }), expect: { anonymous: 'HTTP 404', stranger: 'HTTP 404', otherParty: 'HTTP 404', support: 'HTTP 404' } },
  'POST /bookings': { stage: 'base', owner: 'booker', request: (w, actor) => rest('POST', '/bookings', { ...checkoutHours(actor), streamerId: w.creator.profileId }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'FORBIDDEN', support: 'ok' } },
  'POST /bookings/create-payment': { stage: 'base', owner: 'booker', request: (w, actor) => rest('POST', '/bookings/create-payment', { ...checkoutHours(actor), streamerId: w.creator.profileId }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'FORBIDDEN', support: 'ok' } },
  'POST /bookings/confirm-completion': { stage: 'started', owner: 'booker', request: (w) => rest('POST', '/bookings/confirm-completion', { booking_id: w.bookingId }), expect: PARTIES_ONLY('ok') },
  'POST /bookings/cancel': { stage: 'held', owner: 'booker', request: (w) => rest('POST', '/bookings/cancel', { booking_id: w.bookingId, cancellation_reason: 'User requested cancellation' }), expect: PARTIES_ONLY('ok') },
  'POST /bookings/dispute': { stage: 'started', owner: 'booker', request: (w) => rest('POST', '/bookings/dispute', { booking_id: w.bookingId, dispute_reason: 'It did not happen' }), expect: PARTIES_ONLY('ok') },
  'PATCH /bookings/:id': { stage: 'held', owner: 'creator', request: (w) => rest('PATCH', `/bookings/${w.bookingId}`, { status: 'confirmed' }), expect: PARTIES_ONLY('FORBIDDEN') },
  'POST /bookings/:id/accept': { stage: 'held', owner: 'creator', request: (w) => rest('POST', `/bookings/${w.bookingId}/accept`), expect: PARTIES_ONLY('FORBIDDEN') },
  'POST /bookings/:id/decline': { stage: 'held', owner: 'creator', request: (w) => rest('POST', `/bookings/${w.bookingId}/decline`, { reason: 'busy' }), expect: PARTIES_ONLY('FORBIDDEN') },
  'POST /bookings/:id/confirm-completion': { stage: 'started', owner: 'booker', request: (w) => rest('POST', `/bookings/${w.bookingId}/confirm-completion`), expect: PARTIES_ONLY('ok') },
  'POST /bookings/:id/cancel': { stage: 'held', owner: 'booker', request: (w) => rest('POST', `/bookings/${w.bookingId}/cancel`, { reason: 'User requested cancellation' }), expect: PARTIES_ONLY('ok') },
  'POST /bookings/:id/dispute': { stage: 'started', owner: 'booker', request: (w) => rest('POST', `/bookings/${w.bookingId}/dispute`, { reason: 'It did not happen' }), expect: PARTIES_ONLY('ok') },
  'POST /payments/verify-booking-payment': { stage: 'unpaid', owner: 'booker', request: (w) => rest('POST', '/payments/verify-booking-payment', { booking_id: w.bookingId }), expect: PARTIES_ONLY('ok') },
  'POST /payments/payout': { stage: 'completed', owner: 'creator', request: (w) => rest('POST', '/payments/payout', { booking_id: w.bookingId }), expect: PARTIES_ONLY('FORBIDDEN') },
  'POST /conversations': { stage: 'base', owner: 'booker', request: (w) => rest('POST', '/conversations', { creatorId: w.creator.profileId, text: 'Are you free?' }), expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'BAD_USER_INPUT', support: 'ok' } },
  'POST /conversations/:id/messages': {
    stage: 'base', owner: 'booker',
    request: async (w, actor) => rest('POST', `/conversations/${await bookersConversation(w)}/messages`, { text: 'Hi', file_ids: [await callersFile(w, actor)] }),
    expect: MEMBERS_ONLY,
  },
  'POST /conversations/:id/read': { stage: 'base', owner: 'booker', request: async (w) => rest('POST', `/conversations/${await bookersConversation(w)}/read`), expect: MEMBERS_ONLY },
  'POST /notifications/read': { stage: 'base', owner: 'user', request: () => rest('POST', '/notifications/read', { all: true }), expect: ANON_ONLY_DENIED },
  'PUT /users/billing': { stage: 'base', owner: 'user', request: () => rest('PUT', '/users/billing', { name: 'Acme', address: 'Street 1' }), expect: ANON_ONLY_DENIED },
  'PATCH /notification-preferences': { stage: 'base', owner: 'user', request: () => rest('PATCH', '/notification-preferences', { timeZone: 'Europe/Berlin' }), expect: ANON_ONLY_DENIED },
  'POST /calendar-feed/regenerate': { stage: 'base', owner: 'user', request: () => rest('POST', '/calendar-feed/regenerate'), expect: ANON_ONLY_DENIED },
  'PATCH /calendar-feed': { stage: 'base', owner: 'creator', request: () => rest('PATCH', '/calendar-feed', { includeFreeHours: true }), expect: CREATOR_SETTING },
  'POST /auth/2fa/setup': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/2fa/setup', {}), expect: ANON_ONLY_DENIED },
  'POST /auth/2fa/enable': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/2fa/enable', { code: '000000' }), expect: OWN_ACCOUNT_REFUSED },
  'POST /auth/2fa/disable': { stage: 'base', owner: 'user', request: () => rest('POST', '/auth/2fa/disable', { password: 'not-the-password', code: '000000' }), expect: NOT_ENROLLED },
  'DELETE /auth/sessions/:id': { stage: 'base', owner: 'user', request: async (w) => rest('DELETE', `/auth/sessions/${await usersSession(w)}`), expect: OWNER_ONLY },
  'POST /support/users/:id/reset-two-factor': { stage: 'base', owner: 'support', request: (w) => rest('POST', `/support/users/${w.user.userId}/reset-two-factor`, { reason: 'Lost phone, identity checked' }), expect: SUPPORT_ONLY },
  'POST /calendar-connections': { stage: 'base', owner: 'creator', request: () => rest('POST', '/calendar-connections', { kind: 'ics', url: `${hooks}/cal.ics` }), expect: CREATOR_SELF },
  'POST /calendar-connections/:id/sync': { stage: 'base', owner: 'creator', request: async (w) => rest('POST', `/calendar-connections/${await creatorsCalendar(w)}/sync`), expect: CREATORS_THING },
  'DELETE /calendar-connections/:id': { stage: 'base', owner: 'creator', request: async (w) => rest('DELETE', `/calendar-connections/${await creatorsCalendar(w)}`), expect: CREATORS_THING },
  'PUT /availability/settings': { stage: 'base', owner: 'creator', request: () => rest('PUT', '/availability/settings', { min_notice_minutes: 120 }), expect: CREATOR_SELF },
  'POST /availability/time-off': { stage: 'base', owner: 'creator', request: () => rest('POST', '/availability/time-off', { start_time: hourFromNowIso(300), end_time: hourFromNowIso(320) }), expect: CREATOR_SELF },
  'DELETE /availability/time-off/:id': { stage: 'base', owner: 'creator', request: async (w) => rest('DELETE', `/availability/time-off/${await creatorsTimeOff(w)}`), expect: CREATORS_THING },
  // One-click unsubscribe is keyed by the signed token in its link, not by a session: a forged one changes nothing for anyone.
  'POST /mail/unsubscribe': { stage: 'base', owner: 'user', request: () => rest('POST', '/mail/unsubscribe?token=forged'), expect: { anonymous: 'HTTP 400', stranger: 'HTTP 400', otherParty: 'HTTP 400', support: 'HTTP 400' } },
  'POST /packages': { stage: 'base', owner: 'creator', request: () => rest('POST', '/packages', { title: 'Segment', deliverables: { clips: 2 }, price_cents: 20_000 }), expect: CREATOR_SELF },
  'PUT /packages/:id': { stage: 'base', owner: 'creator', request: async (w) => rest('PUT', `/packages/${await creatorsPackage(w)}`, { price_cents: 100 }), expect: OWNER_ONLY },
  'POST /packages/:id/checkout': {
    stage: 'base', owner: 'booker',
    request: async (w, actor) => rest('POST', `/packages/${await creatorsPackage(w)}/checkout`, { start_time: hourFromNowIso(HOUR_OF[actor]) }),
    expect: { anonymous: 'UNAUTHENTICATED', stranger: 'ok', otherParty: 'FORBIDDEN', support: 'ok' },
  },
  'POST /conversations/:id/offers': {
    stage: 'base', owner: 'booker',
    request: async (w) => rest('POST', `/conversations/${await bookersConversation(w)}/offers`, { items: [{ label: 'Clip', quantity: 1, unit_price_cents: 5000 }], due_at: hourFromNowIso(100) }),
    expect: MEMBERS_ONLY,
  },
  'POST /offers/:id/accept': { stage: 'base', owner: 'booker', request: async (w) => rest('POST', `/offers/${await creatorsOffer(w)}/accept`), expect: OFFER_RECIPIENT_ONLY },
  'POST /offers/:id/decline': { stage: 'base', owner: 'booker', request: async (w) => rest('POST', `/offers/${await creatorsOffer(w)}/decline`), expect: OFFER_RECIPIENT_ONLY },
  'POST /offers/:id/counter': {
    stage: 'base', owner: 'booker',
    request: async (w) => rest('POST', `/offers/${await creatorsOffer(w)}/counter`, { items: [{ label: 'Clip', quantity: 1, unit_price_cents: 4000 }], due_at: hourFromNowIso(100) }),
    expect: OFFER_RECIPIENT_ONLY,
  },
  'POST /offers/:id/withdraw': { stage: 'base', owner: 'creator', request: async (w) => rest('POST', `/offers/${await creatorsOffer(w)}/withdraw`), expect: OFFER_RECIPIENT_ONLY },
  'POST /files': { stage: 'base', owner: 'user', request: () => upload('POST', '/files'), expect: ANON_ONLY_DENIED },
  'PUT /users/profile/photo': { stage: 'base', owner: 'creator', request: () => upload('PUT', '/users/profile/photo', { crop_x: '0', crop_y: '0', crop_width: '64', crop_height: '64' }), expect: NO_PROFILE },
  'DELETE /users/profile/photo': { stage: 'base', owner: 'creator', request: () => rest('DELETE', '/users/profile/photo'), expect: NO_PROFILE },
  'POST /contact': { stage: 'base', owner: 'user', request: () => rest('POST', '/contact', CONTACT()), expect: PUBLIC },
  'POST /support/tickets/:id/status': { stage: 'base', owner: 'support', request: async () => rest('POST', `/support/tickets/${await contactTicket()}/status`, { status: 'closed' }), expect: SUPPORT_ONLY },
  'PUT /bookings/:id/brief': { stage: 'confirmed', owner: 'booker', request: (w) => rest('PUT', `/bookings/${w.bookingId}/brief`, { talking_points: 'Show it', disclosure_required: false }), expect: ONE_PARTYS_STEP },
  'POST /bookings/:id/brief/confirm': { stage: 'confirmed', owner: 'creator', request: async (w) => (await bookersBrief(w), rest('POST', `/bookings/${w.bookingId}/brief/confirm`, {})), expect: ONE_PARTYS_STEP },
  'POST /bookings/:id/deliveries': { stage: 'confirmed', owner: 'creator', request: (w) => rest('POST', `/bookings/${w.bookingId}/deliveries`, { links: ['https://example.com/vod/1'] }), expect: ONE_PARTYS_STEP },
  'POST /bookings/:id/deliveries/:deliveryId/approve': {
    stage: 'confirmed', owner: 'booker',
    request: async (w) => rest('POST', `/bookings/${w.bookingId}/deliveries/${await creatorsDelivery(w)}/approve`, {}),
    expect: ONE_PARTYS_STEP,
  },
  'POST /bookings/:id/deliveries/:deliveryId/request-changes': {
    stage: 'confirmed', owner: 'booker',
    request: async (w) => rest('POST', `/bookings/${w.bookingId}/deliveries/${await creatorsDelivery(w)}/request-changes`, { note: 'Show the logo' }),
    expect: ONE_PARTYS_STEP,
  },
  // ENABLE_TEST_CLOCK is off here: moving the server's time is refused to everyone.
  'POST /testing/clock': { stage: 'base', owner: 'user', request: () => rest('POST', '/testing/clock', { advanceMs: 1000 }), expect: { anonymous: 'NOT_FOUND', stranger: 'NOT_FOUND', otherParty: 'NOT_FOUND', support: 'NOT_FOUND' } },
};

async function freshRefreshToken(w: World): Promise<string> {
  const res = await app.rest('POST', '/auth/login', { email: w.user.email, password: w.user.password });
  return res.body.data.tokens.refreshToken;
}

/** Builds a fresh world for one row: the creator, the booker, a stranger and the booking at `stage`. */
async function world(stage: Stage): Promise<World> {
  const start = hourFromNow(app, 48);
  const c = await creator(app, [start, new Date(start.getTime() + HOUR), new Date(start.getTime() + 2 * HOUR)], { displayName: 'Matrix Creator' });
  const booker = await account(app);
  const stranger = await account(app);
  const support = await account(app, 'brand', UserRole.SUPPORT);
  const [slot] = await app.orm.em.fork().getConnection().execute('select id from availability_slots where streamer_id = ? order by start_time desc limit 1', [c.profileId]);
  const pattern = await app.gql(`mutation { createRecurringPattern(input: { title: "Weekdays", daysOfWeek: [1, 2, 3] }) { id } }`, {}, c.token);
  const key = await createKey(app, c.token, { name: 'matrix' });
  const email = uniqueEmail('matrix-user');
  const registered = await app.rest('POST', '/auth/register', { email, password: PASSWORD, accountType: 'brand' });
  const w: World = {
    creator: c,
    booker,
    stranger,
    support,
    slotId: slot.id,
    patternId: pattern.body.data.createRecurringPattern.id,
    bookingId: '',
    paymentIntentId: '',
    clientSecret: '',
    disputeId: '',
    keyId: key.id,
    user: { email, password: PASSWORD, userId: registered.body.data.user.id },
  };
  if (stage === 'base') return w;
  if (stage === 'completed') await enablePayouts(app, c);
  const b =
    stage === 'unpaid' ? await checkout(app, booker, c, start) : stage === 'held' ? await heldBooking(app, booker, c, start) : await acceptedBooking(app, booker, c, start);
  Object.assign(w, { bookingId: b.bookingId, paymentIntentId: b.paymentIntentId, clientSecret: b.clientSecret });
  if (stage === 'unpaid' || stage === 'held' || stage === 'confirmed') return w;
  app.clock.advance(49 * HOUR + 30 * 60_000); // the session has started (and ended)
  if (stage === 'disputed') {
    const res = await app.gql(`mutation ($i: OpenDisputeInput!) { openDispute(input: $i) { dispute { id } } }`, { i: { bookingId: w.bookingId, reason: 'Half the session' } }, booker.token);
    w.disputeId = res.body.data.openDispute.dispute.id;
  }
  if (stage === 'completed') {
    for (const who of [booker, c]) {
      const res = await app.gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { status } }`, { id: w.bookingId }, who.token);
      expect(res.body.errors).toBeUndefined();
    }
  }
  return w;
}

/** Sends the row's request as `actor` and names the outcome. */
async function attempt(w: World, row: Row, actor: Actor, ownerKey: string, req: Request): Promise<Outcome | string> {
  const otherParty = row.owner === 'booker' ? w.creator : w.booker;
  const headers: Record<string, string> =
    actor === 'anonymous' ? {}
    : actor === 'ownerKey' ? { 'x-api-key': ownerKey }
    : { authorization: `Bearer ${(actor === 'stranger' ? w.stranger : actor === 'otherParty' ? otherParty : w.support).token}` };
  const res =
    'gql' in req
      ? await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query: req.gql, variables: req.variables }) })
      : 'form' in req
        ? await fetch(`${app.url}/api/v1${req.path}`, { method: req.method, headers, body: req.form })
        : await fetch(`${app.url}/api/v1${req.path}`, {
          method: req.method,
          headers: { ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
        });
  const body = await res.json().catch(() => ({}));
  if ('gql' in req) return body.errors?.length ? (body.errors[0].extensions?.code ?? 'UNKNOWN') : 'ok';
  return res.status < 300 ? 'ok' : (body.code ?? `HTTP ${res.status}`);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('received'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const ACTORS: Actor[] = ['anonymous', 'stranger', 'otherParty', 'support', 'ownerKey'];

async function walk(rows: Record<string, Row>, name: string) {
  const row = rows[name];
  const w = await world(row.stage);
  // The rightful owner's own key (support staff cannot hold one: the booker's stands in).
  const ownerKey = (await createKey(app, (row.owner === 'creator' ? w.creator : w.booker).token, { name: 'owner key' })).secret;
  const expected: Record<Actor, Outcome> = { ownerKey: 'FORBIDDEN', ...row.expect };
  // Refusals first: an allowed call may change the state the others are tried against.
  const order = [...ACTORS].sort((a, b) => Number(expected[a] === 'ok') - Number(expected[b] === 'ok'));
  const actual: Partial<Record<Actor, string>> = {};
  for (const actor of order) {
    const req = await row.request(w, actor); // before the snapshot: building it may sign in (a write)
    const before = await dbSnapshot(app);
    actual[actor] = await attempt(w, row, actor, ownerKey, req);
    if (actual[actor] !== 'ok') {
      const after = await dbSnapshot(app);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      expect(changed, `${name} refused for ${actor} but changed ${changed.join(', ')}`).toEqual([]);
    }
  }
  expect(actual, `${name}: got ${JSON.stringify(actual)}`).toEqual(expected);
}

describe('authorization: every mutation', () => {
  it('has a row (a new mutation without one fails here)', () => {
    expect(Object.keys(buildAppSchema().getMutationType()!.getFields()).sort()).toEqual(Object.keys(MUTATIONS).sort());
  });
  for (const name of Object.keys(MUTATIONS)) it(`${name}: anonymous, a stranger, the other party, support and an API key`, () => walk(MUTATIONS, name));
});

describe('authorization: every REST write route', () => {
  it('has a row (a new route without one fails here)', () => {
    expect(restRoutes().filter(isWrite).map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(REST_WRITES).sort());
  });
  for (const name of Object.keys(REST_WRITES)) it(`${name}: anonymous, a stranger, the other party, support and an API key`, () => walk(REST_WRITES, name));
});
