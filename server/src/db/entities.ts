import { RefreshToken } from '../features/auth/refresh-token.entity';
import { AvailabilitySlot } from '../features/availability/availability-slot.entity';
import { RecurringPattern } from '../features/availability/recurring-pattern.entity';
import { RecurringSlotSkip } from '../features/availability/recurring-slot-skip.entity';
import { Booking } from '../features/bookings/booking.entity';
import { LedgerEntry } from '../features/bookings/ledger-entry.entity';
import { WebhookEvent } from '../features/payments/webhook-event.entity';
import { ConnectSync } from '../features/payments/connect-sync.entity';
import {
  LocalAccount,
  LocalAccountLink,
  LocalIdempotencyKey,
  LocalPaymentIntent,
  LocalPayout,
  LocalPlatformBalance,
  LocalRefund,
  LocalTransfer,
} from '../features/payments/local/local.entities';
import { PaymentProviderCall } from '../features/payments/payment-provider-call.entity';
import { ApiKey } from '../features/partners/api-key.entity';
import { WebhookDelivery } from '../features/webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../features/webhooks/webhook-endpoint.entity';
import { Profile } from '../features/profiles/profile.entity';
import { Review } from '../features/reviews/review.entity';
import { Dispute } from '../features/support/dispute.entity';
import { UserWarning } from '../features/support/user-warning.entity';
import { User } from '../features/users/user.entity';

/** Every entity of the application (MikroORM discovery is explicit, not by folder scan). */
export const entities = [
  User,
  RefreshToken,
  Profile,
  AvailabilitySlot,
  RecurringPattern,
  RecurringSlotSkip,
  Booking,
  LedgerEntry,
  Review,
  Dispute,
  UserWarning,
  WebhookEvent,
  PaymentProviderCall,
  ConnectSync,
  LocalPaymentIntent,
  LocalRefund,
  LocalAccount,
  LocalAccountLink,
  LocalTransfer,
  LocalPayout,
  LocalIdempotencyKey,
  LocalPlatformBalance,
  ApiKey,
  WebhookEndpoint,
  WebhookDelivery,
];
