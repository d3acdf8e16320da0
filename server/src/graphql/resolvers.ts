import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../features/auth/auth.resolver';
import { AvailabilityResolver } from '../features/availability/availability.resolver';
import { ProfilesResolver } from '../features/profiles/profiles.resolver';
import { ReviewsResolver } from '../features/reviews/reviews.resolver';
import { PaymentsResolver } from '../features/payments/payments.resolver';
import { BookingsResolver } from '../features/bookings/bookings.resolver';
import { LiveUpdatesResolver } from '../features/bookings/live.resolver';
import { SupportResolver } from '../features/support/support.resolver';
import { PartnersResolver } from '../features/partners/partners.resolver';
import { NotificationsResolver } from '../features/notifications/notifications.resolver';
import { WebhooksResolver } from '../features/webhooks/webhooks.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AuthResolver, AvailabilityResolver, ProfilesResolver, ReviewsResolver, PaymentsResolver, BookingsResolver, LiveUpdatesResolver, SupportResolver, PartnersResolver, NotificationsResolver, WebhooksResolver];
