import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { RootFieldCompiler } from './graphql/compiled-roots';
import type { Orm } from './db/orm';
import type { JobDefinition, JobScheduler } from './jobs/job-scheduler';
import type { Metrics } from './observability/metrics';
import type { RateLimitStore } from './security/rate-limits';
import type { SessionGuard } from './auth/sessions';
import type { TokenIssuer } from './auth/tokens';
import type { Clock } from './shared/clock';
import type { DomainEvents, EventBus, EventName } from './shared/events';
import type { Mail } from './mail/mail';
import type { Outbox } from './outbox/outbox';
import type { BlobStorage } from './storage/storage';

/** Long-lived dependencies shared by every request (no per-request state here). */
export interface AppDeps {
  config: Config;
  clock: Clock;
  tokens: TokenIssuer;
  events: EventBus;
  /** Work done later (jobs/job-scheduler.ts): the modules' sweeps and work queues; start, stop, runAll(now). */
  jobs: JobScheduler;
  /** For services that work outside a request (the local payment provider, event processing). */
  orm: Orm;
  logger: Logger;
  /** Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Shared counters for rate limits and sign-in throttling (rate-limiter-flexible on PostgreSQL). */
  limits: RateLimitStore;
  /** Whether an access token's session is still signed in (cached briefly; revocations cleared through the bus). */
  sessions: SessionGuard;
  /** The shared outbox (platform/outbox): producers publish in their transaction; consumers come from modules' `outboxConsumers`. */
  outbox: Outbox;
  /** Outgoing e-mail (SMTP_URL, or the development catcher read at /dev/mailbox); started by createServer. */
  mail: Mail;
  /** Where file bytes are kept, by content address (platform/storage; local disk under STORAGE_DIR). */
  storage: BlobStorage;
}

/**
 * One instance of each feature service; transports call these (`ctx.services.<name>`) and nothing
 * else. Empty here: each feature adds its own in its `index.ts`
 * (`declare module '../../module' { interface Services { reviews: ReviewsService } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

/**
 * Extension points: what a feature lets other features plug into, by name → the type of one
 * contribution. Empty here: the feature that offers a point declares it in its `index.ts`
 * (`declare module '../../module' { interface ExtensionPoints { bookingMoveHandlers: BookingMoveHandler } }`)
 * and reads the contributions with `app.contributions('bookingMoveHandlers')`; other modules
 * contribute with `extend: (app) => ({ bookingMoveHandlers: [...] })`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExtensionPoints {}

export type Contributions = { [P in keyof ExtensionPoints]?: ExtensionPoints[P][] };

/** What a module's factories are handed: the shared dependencies, every service, every contribution. */
export interface ModuleApp {
  deps: AppDeps;
  /** Every module's services (those of `dependsOn` modules are built before this module's). */
  services: Services;
  /** Every module's contributions to an extension point, in module order (only after all services are built). */
  contributions<P extends keyof ExtensionPoints>(point: P): ExtensionPoints[P][];
}

/** A handler of an event-bus event (after commit, on every server instance). */
export interface EventHandler<E extends EventName = EventName> {
  event: E;
  handle(payload: DomainEvents[E]): void | Promise<void>;
}

/** `{ event, handle }` with the payload typed by the event's name. */
export const onEvent = <E extends EventName>(event: E, handle: (payload: DomainEvents[E]) => void | Promise<void>): EventHandler =>
  ({ event, handle }) as EventHandler;

/**
 * A feature's front door (`features/<f>/index.ts`): everything the application needs to know about
 * it. The server, the schema build, the ORM config and the job scheduler loop over the list in
 * `modules.ts`; nothing else names a feature.
 */
export interface FeatureModule {
  /** The module's name (`dependsOn` refers to it). */
  name: string;
  /** Modules whose services this module's services use at construction (built first). */
  dependsOn?: string[];
  /** ORM entities (MikroORM discovery is explicit, not by folder scan). */
  entities?: (EntityClass<unknown> | EntitySchema)[];
  /** type-graphql resolver classes. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  /** REST routes, mounted under /api/v1 after the JSON body parser. */
  routes?: () => Router;
  /** REST routes that read the raw request body (signed webhooks), mounted before the JSON parser. */
  rawBodyRoutes?: () => Router;
  /** The module's services, added to `Services` (and so to every request's `ctx.services`). */
  services?: (app: ModuleApp) => Partial<Services>;
  /**
   * Work done later (jobs/job-scheduler.ts, jobs/work-queue.ts): timed sweeps (`{ name, everySeconds | cron, run }`)
   * and work queues (a `WorkQueue` over the module's own table); registered in module order.
   */
  jobs?: (app: ModuleApp) => JobDefinition[];
  /** Event-bus handlers, subscribed while the server runs. */
  eventHandlers?: (app: ModuleApp) => EventHandler[];
  /** Called once every module's services and contributions exist (e.g. to hand contributions to a dependency). */
  init?: (app: ModuleApp) => void;
  /** Called when the server closes, after the jobs stopped (workers the module runs itself). */
  stop?: (app: ModuleApp) => Promise<void>;
  /**
   * Compilers for this module's own query root fields (graphql/compiled-roots.ts): an operation whose
   * every root field has one is answered by one SQL statement instead of graphql-js's execution. The
   * context they get is the GraphQL request context.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  compiledRoots?: (app: ModuleApp) => RootFieldCompiler<any>[];
  /** Contributions to other modules' extension points (outbox consumers, booking-move handlers, …). */
  extend?: (app: ModuleApp) => Contributions;
}

/** Identity, for inference and a checked shape: `export const reviewsModule = defineModule({ ... })`. */
export const defineModule = (module: FeatureModule): FeatureModule => module;
