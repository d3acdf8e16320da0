import express, { Router } from 'express';
import type { Logger } from 'pino';
import { authRoutes } from '../features/auth/auth.rest';
import { availabilityRoutes } from '../features/availability/availability.rest';
import { profilesRoutes } from '../features/profiles/profiles.rest';
import { reviewsRoutes } from '../features/reviews/reviews.rest';
import { paymentsRoutes, stripeWebhookRoutes } from '../features/payments/payments.rest';
import { bookingsRoutes } from '../features/bookings/bookings.rest';
import { notificationsRoutes } from '../features/notifications/notifications.rest';
import { testClockRoutes } from '../features/test-clock/test-clock.rest';
import { restErrorHandler, restNotFound } from './errors';

/** Mounts each feature's routes under /api/v1 with one JSON parser and one error mapper. */
export function restRouter(logger: Logger): Router {
  const r = Router();
  // Before the JSON parser: Stripe signs the raw bytes of the webhook body.
  r.use(stripeWebhookRoutes());
  r.use(express.json({ limit: '100kb' }));
  r.use(authRoutes());
  r.use(availabilityRoutes());
  r.use(profilesRoutes());
  r.use(reviewsRoutes());
  r.use(paymentsRoutes());
  r.use(bookingsRoutes());
  r.use(notificationsRoutes());
  r.use(testClockRoutes());
  r.use(restNotFound);
  r.use(restErrorHandler(logger));
  return r;
}
