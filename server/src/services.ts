import type { Config } from './config';
import type { Logger } from 'pino';
import { AuthService } from './features/auth/auth.service';
import { TokenIssuer } from './features/auth/tokens';
import { AvailabilityService } from './features/availability/availability.service';
import { JobScheduler } from './jobs/job-scheduler';
import { ProfilesService } from './features/profiles/profiles.service';
import { ReviewsService } from './features/reviews/reviews.service';
import { PaymentsService } from './features/payments/payments.service';
import type { Orm } from './db/orm';
import pino from 'pino';
import type { Clock } from './shared/clock';
import { Metrics } from './observability/metrics';
import type { EventBus } from './shared/events';
import { createEventBus } from './shared/events-bus';
import { BookingPaymentEvents } from './features/bookings/booking-payment-events';
import { BookingsService } from './features/bookings/bookings.service';
import { BookingTimers } from './features/bookings/bookings.timers';
import { CheckoutService } from './features/bookings/checkout.service';
import { TransitionRunner } from './features/bookings/transition-runner';
import { publishBookingMoves } from './features/bookings/booking-events';
import { SupportService } from './features/support/support.service';
import { TestClockService } from './features/test-clock/test-clock.service';
import { PartnersService } from './features/partners/partners.service';
import { ApiKeyUsageRecorder } from './features/partners/api-key-usage';
import { WebhookDispatcher } from './features/webhooks/webhook-dispatcher';
import { WebhooksService } from './features/webhooks/webhooks.service';
import { RateLimitStore } from './security/rate-limits';
import { LoginThrottle } from './security/login-throttle';
import { Mail } from './features/mail/mail';
import { SignUpThrottle } from './security/signup-throttle';
import { Outbox } from './features/outbox/outbox';
import { NotificationsService } from './features/notifications/notifications.service';

/** Long-lived dependencies shared by every request (no per-request state here). */
export interface AppDeps {
  config: Config;
  clock: Clock;
  tokens: TokenIssuer;
  events: EventBus;
  /** Background sweeps (jobs/job-scheduler.ts): register, start, stop, runAll(now). */
  jobs: JobScheduler;
  /** For services that work outside a request (the local payment provider, event processing). */
  orm: Orm;
  logger: Logger;
  /** Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Shared counters for rate limits and sign-in throttling (rate-limiter-flexible on PostgreSQL, or Redis with REDIS_URL). */
  limits: RateLimitStore;
  /** The shared outbox (features/outbox): producers publish in their transaction, consumers register. */
  outbox: Outbox;
  /** Outgoing e-mail (SMTP_URL, or the development catcher read at /dev/mailbox); started by createServer. */
  mail: Mail;
}

/** One instance of each feature service; transports call these and nothing else. */
export interface Services {
  auth: AuthService;
  availability: AvailabilityService;
  profiles: ProfilesService;
  reviews: ReviewsService;
  payments: PaymentsService;
  bookings: BookingsService;
  checkout: CheckoutService;
  support: SupportService;
  /** The booking process's timers (registered as jobs). */
  bookingTimers: BookingTimers;
  testClock: TestClockService;
  partners: PartnersService;
  notifications: NotificationsService;
  webhooks: WebhooksService;
  /** Sends queued webhook deliveries (woken after commits, swept by a job). */
  webhookDispatcher: WebhookDispatcher;
}

export function createDeps(config: Config, clock: Clock, runtime: { databaseUrl?: string; logger?: Logger; orm: Orm }): AppDeps {
  const metrics = new Metrics();
  const events = createEventBus(config, runtime.databaseUrl ?? config.DATABASE_URL, runtime.logger);
  const outbox = new Outbox({ events, logger: runtime.logger });
  outbox.attach(runtime.orm);
  return {
    outbox,
    config,
    clock,
    tokens: new TokenIssuer(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
    events,
    orm: runtime.orm,
    metrics,
    limits: new RateLimitStore({ redisUrl: config.REDIS_URL, orm: runtime.orm, onError: (err) => runtime.logger?.warn({ err }, 'rate limits: redis error') }),
    logger: runtime.logger ?? pino({ level: config.LOG_LEVEL }),
    mail: new Mail({ config, orm: runtime.orm, logger: runtime.logger }),
    jobs: new JobScheduler({
      clock,
      connectionString: runtime.databaseUrl ?? config.DATABASE_URL,
      enabled: config.JOBS_ENABLED,
      logger: runtime.logger,
      metrics,
    }),
  };
}

export function createServices(deps: AppDeps): Services {
  const payments = new PaymentsService({ config: deps.config, clock: deps.clock, orm: deps.orm, logger: deps.logger.child({ feature: 'payments' }) });
  return {
    auth: new AuthService({
      tokens: deps.tokens,
      clock: deps.clock,
      refreshTtlDays: deps.config.REFRESH_TOKEN_TTL_DAYS,
      loginThrottle: new LoginThrottle(deps.limits),
      signUpThrottle: deps.config.RATE_LIMIT_ENABLED
        ? new SignUpThrottle(deps.limits, deps.config.RATE_LIMIT_SIGNUPS_PER_HOUR)
        : undefined,
    }),
    availability: new AvailabilityService({ clock: deps.clock, events: deps.events, outbox: deps.outbox }),
    profiles: new ProfilesService({ clock: deps.clock, events: deps.events, outbox: deps.outbox }),
    reviews: new ReviewsService({ clock: deps.clock, events: deps.events, outbox: deps.outbox }),
    payments,
    ...bookingServices(deps, payments),
    testClock: new TestClockService({ config: deps.config, clock: deps.clock, jobs: deps.jobs }),
    partners: new PartnersService({
      clock: deps.clock,
      events: deps.events,
      usage: new ApiKeyUsageRecorder({ orm: deps.orm, logger: deps.logger }),
      rateLimitPerMinute: deps.config.RATE_LIMIT_KEY_PER_MINUTE,
    }),
    notifications: new NotificationsService({ events: deps.events, outbox: deps.outbox }),
    ...webhookServices(deps),
  };
}

function webhookServices(deps: AppDeps) {
  const webhookDispatcher = new WebhookDispatcher({
    orm: deps.orm,
    clock: deps.clock,
    logger: deps.logger.child({ feature: 'webhooks' }),
    allowPrivateAddresses: !deps.config.isProduction,
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    // The owner hears of it through the outbox (a notification, and their e-mail).
    onEndpointDisabled: async (em, endpoint) => {
      await deps.outbox.publish(em, {
        topic: 'webhook_endpoint.disabled',
        aggregateId: endpoint.id,
        audienceUserIds: [endpoint.userId],
        payload: { endpointId: endpoint.id, url: endpoint.url, failingSince: endpoint.failingSince.toISOString(), disabledAt: endpoint.disabledAt.toISOString() },
      });
    },
  });
  const webhooks = new WebhooksService({ clock: deps.clock, isProduction: deps.config.isProduction, wake: () => webhookDispatcher.wake(), outbox: deps.outbox });
  return { webhooks, webhookDispatcher };
}

/** The booking process: one transition runner shared by lifecycle, checkout, support, timers and provider events. */
function bookingServices(deps: AppDeps, payments: PaymentsService) {
  const provider = () => payments.provider;
  const logger = deps.logger.child({ feature: 'bookings' });
  const runner = new TransitionRunner({ clock: deps.clock, events: deps.events, provider, metrics: deps.metrics, logger });
  payments.setEventHandler(new BookingPaymentEvents(runner));
  publishBookingMoves(runner, deps.outbox);
  return {
    bookings: new BookingsService({ clock: deps.clock, events: deps.events, runner }),
    checkout: new CheckoutService({ clock: deps.clock, events: deps.events, provider, runner }),
    support: new SupportService({ clock: deps.clock, events: deps.events, runner }),
    bookingTimers: new BookingTimers({ orm: deps.orm, provider, runner, logger, outbox: deps.outbox }),
  };
}
