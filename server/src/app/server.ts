import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import cors from 'cors';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { GraphQLError } from 'graphql';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactUrl } from '../platform/observability/log-redaction';
import { routeGroup, sqlStatementKinds, sqlStatementsTotal } from '../platform/observability/metrics';
import { metricsAccess } from '../platform/observability/metrics-access';
import { securityHeaders } from '../platform/observability/security';
import type { Config } from '../platform/config';
import { databaseUnavailable, DatabaseMonitor } from '../platform/db/availability';
import type { Orm } from '../platform/db/orm';
import type { DatabaseSupervisorView } from '../platform/db/supervisor';
import type { GraphQLContext } from '../platform/graphql/context';
import { makeFormatError } from '../platform/graphql/format-error';
import { assertCostWithinLimit, limitValidationRules, QUERY_LIMITS } from '../platform/graphql/limits';
import { assertNoNulInOperation } from '../platform/graphql/no-nul';
import { buildAppSchema } from './schema';
import { compiledReads } from '../platform/graphql/compiled-reads';
import { persistedQueryTexts } from '../platform/graphql/before-apollo';
import { compiledRoots } from '../platform/graphql/compiled-roots';
import { anonymousResponseCache, wantsFreshAnswer } from '../platform/graphql/response-cache';
import { serveCachedAnswers } from '../platform/graphql/response-cache-http';
import { createWsServer } from './ws-server';
import { serveClient } from '../platform/http/static-client';
import { createRequestContext, type RequestContext } from '../platform/request-context';
import { graphqlTransportErrorHandler, restErrorHandler } from '../platform/rest/errors';
import { restRouter } from './rest-router';
import type { JobScheduler } from '../platform/jobs/job-scheduler';
import { assembleModules, createDeps, type AppDeps, type Services } from './services';
import type { FeatureModule } from '../platform/module';
import { AdjustableClock, systemClock, type Clock } from '../platform/shared/clock';
import { DomainError } from '../platform/shared/errors';
import { cacheControlPlugin } from '../platform/security/cache-control';
import { purgeCountersJob } from '../platform/security/purge-counters.job';
import { readOnlyKeysForRest, readOnlyKeysPlugin } from '../platform/security/read-only-keys';
import { createRequestGuard } from './request-guard';

export interface AppServer {
  httpServer: HttpServer;
  app: express.Express;
  services: Services;
  deps: AppDeps;
  /** Whether the database answers now (every API answers 503 while it does not). */
  database: DatabaseMonitor;
  /** Background sweeps; main.ts starts them after listening (tests call runAll). */
  jobs: JobScheduler;
  /** Stops accepting connections, drains in-flight requests and closes WebSockets (not the ORM). */
  close(): Promise<void>;
}

/** How long the server keeps an idle keep-alive connection open. */
export const KEEP_ALIVE_MS = 65_000;

export interface CreateServerOptions {
  config: Config;
  orm: Orm;
  clock?: Clock;
  logger?: Logger;
  /** The database URL for the job queue (defaults to config.DATABASE_URL). */
  databaseUrl?: string;
  /** The embedded database's supervisor, when this process owns one (its state shows at /healthz). */
  databaseSupervisor?: DatabaseSupervisorView;
  /** The feature modules (default: the list in modules.ts; tests may put a probe in a module's place). */
  modules?: readonly FeatureModule[];
}

/** Builds the whole HTTP + WebSocket application without listening (tests listen on port 0). */
export async function createServer(opts: CreateServerOptions): Promise<AppServer> {
  const { config, orm } = opts;
  const logger = opts.logger ?? pino({ level: config.LOG_LEVEL });
  // ENABLE_TEST_CLOCK (never in production): a clock POST /api/v1/testing/clock can move.
  const clock = opts.clock ?? (config.ENABLE_TEST_CLOCK ? new AdjustableClock() : systemClock);
  const deps = createDeps(config, clock, { databaseUrl: opts.databaseUrl, logger, orm });
  const assembled = assembleModules(deps, opts.modules);
  const { services } = assembled;
  if (config.SQL_STATEMENT_COUNTER) {
    deps.metrics.registry.registerMetric(sqlStatementsTotal);
    deps.metrics.registry.registerMetric(sqlStatementKinds);
  }
  await deps.mail.start();
  // Every module's jobs and event handlers, in module order.
  for (const m of assembled.modules) for (const job of m.jobs?.(assembled) ?? []) deps.jobs.register(job);
  deps.jobs.register(purgeCountersJob(deps.limits));
  const unsubscribe = assembled.modules.flatMap((m) =>
    (m.eventHandlers?.(assembled) ?? []).map(({ event, handle }) =>
      deps.events.subscribe(event, (payload) => {
        Promise.resolve()
          .then(() => handle(payload as never))
          .catch((err) => logger.error({ err, event, module: m.name }, 'event handler failed'));
      }),
    ),
  );
  const schema = buildAppSchema(assembled.modules);

  // While the database is unreachable every API answers 503 + Retry-After at once (REST and GraphQL
  // alike) and WebSocket clients are told to come back; a supervised embedded database says so first.
  const database = new DatabaseMonitor(String(orm.config.get('clientUrl')), { log: (msg, err) => logger.warn({ err }, msg) });
  database.start();
  const stopWatchingSupervisor = opts.databaseSupervisor?.onChange((state) => {
    if (state === 'running') void database.check();
    else database.reportFailure(new Error(`embedded database ${state}`));
  });
  const errorHooks = { onDatabaseUnavailable: (err: unknown) => database.reportFailure(err) };
  const refuseWhileDatabaseDown: RequestHandler = (_req, _res, next) => next(database.isDown ? databaseUnavailable() : undefined);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const httpServer = createHttpServer(app);
  // Idle keep-alive connections stay open 65 s (Node's default is 5 s), longer than the idle time of
  // clients, agents and load balancers (60 s is common): a client then never sends a request on a
  // connection the server is closing at that instant ("socket hang up"). Headers may take 1 s more.
  httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
  httpServer.headersTimeout = KEEP_ALIVE_MS + 1000;
  // Links in e-mails: PUBLIC_URL, else where this server listens.
  deps.mail.setPublicUrl(() => {
    const address = httpServer.address();
    return config.PUBLIC_URL ?? (address && typeof address === 'object' ? `http://localhost:${address.port}` : `http://localhost:${config.PORT}`);
  });

  // Partner API keys and JWTs are resolved once per HTTP request; rate limits follow from who calls.
  const guard = createRequestGuard({ config, clock: deps.clock, tokens: deps.tokens, orm, partners: services.partners, limits: deps.limits, sessions: deps.sessions, logger });
  const contextFor = (req: Request, res: Response): RequestContext =>
    createRequestContext({
      em: orm.em,
      viewer: guard.viewerOf(res),
      services,
      requestId: String(req.headers['x-request-id'] ?? randomUUID()),
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    });

  app.use((req, res, next) => {
    const id = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 100) : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    next();
  });
  // One structured log line per request, carrying the request id; plus Prometheus timings.
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.headers['x-request-id']),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/metrics' },
      // Secrets in URLs (calendar feed path, unsubscribe/reset tokens, keys in a query) never reach a log line.
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }), res: (res) => ({ statusCode: res.statusCode }) },
    }),
  );
  app.use((req, res, next) => {
    const route = routeGroup(req.path);
    const end = deps.metrics.httpDuration.startTimer({ method: req.method, route });
    res.on('finish', () => {
      end();
      deps.metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  });
  app.use(securityHeaders({ stripeEnabled: Boolean(config.STRIPE_PUBLISHABLE_KEY), isProduction: config.isProduction }));
  if (config.CORS_ORIGINS.length > 0) {
    // Browsers may read these (partners' front ends pace themselves by the rate-limit headers).
    const exposedHeaders = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'];
    app.use(cors({ origin: config.CORS_ORIGINS, credentials: false, exposedHeaders }));
  }

  // Development mailbox (features/mail): the catcher's e-mails; 404 when it does not run (production).
  app.use('/dev/mailbox', deps.mail.routes());

  // Liveness: unhealthy only when this process cannot recover by itself (its embedded database
  // could not be restarted: it is about to exit non-zero). A database that is down or restarting is
  // a readiness matter (/readyz).
  app.get('/healthz', (_req, res) => {
    const supervisor = opts.databaseSupervisor?.state;
    const databaseState = supervisor === 'failed' ? 'could not be restarted' : supervisor === 'restarting' ? 'restarting' : database.isDown ? 'unreachable' : 'up';
    res.status(supervisor === 'failed' ? 503 : 200).json({ status: supervisor === 'failed' ? 'unhealthy' : 'ok', database: databaseState });
  });
  const metricsText = () => deps.metrics.registry.metrics();
  if (config.metricsAccess === 'off') logger.warn('METRICS_TOKEN is not set: /metrics is not served in production (404); set it to scrape with Authorization: Bearer <token>');
  app.get('/metrics', metricsAccess(config), async (_req, res, next) => {
    try {
      res.type(deps.metrics.registry.contentType).send(await metricsText());
    } catch (err) {
      next(err);
    }
  });
  app.get('/readyz', async (_req, res) => {
    const ok = await database.check();
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unreachable' });
  });

  // REST facade: the viewer is resolved once per request; a bad token is a 401.
  const restContext: RequestHandler = (req, res, next) => {
    try {
      res.locals.ctx = contextFor(req, res);
      next();
    } catch (err) {
      next(err);
    }
  };
  app.use(
    '/api/v1',
    refuseWhileDatabaseDown,
    guard.identify,
    guard.rateLimit('rest'),
    readOnlyKeysForRest,
    restContext,
    restRouter(logger, errorHooks),
    restErrorHandler(logger, errorHooks),
  );

  // GraphQL over WebSocket on the same path; the token comes in connectionParams.
  const ws = createWsServer({ httpServer, schema, config, deps, services, logger, trustProxy: app.get('trust proxy fn'), database, errorHooks });

  const responseCache =
    config.ANON_RESPONSE_CACHE_SECONDS > 0
      ? anonymousResponseCache({
          ttlMs: config.ANON_RESPONSE_CACHE_SECONDS * 1000,
          maxEntries: 2000,
          events: deps.events,
          now: () => deps.clock.now().getTime(),
        })
      : null;
  // Texts of automatic persisted queries Apollo checked: the answers written before Apollo read hash-only requests by them.
  const persistedQueries = persistedQueryTexts(2000);
  // Operations of compiled root fields (the listing, the creator page): one SQL statement builds the answer's JSON.
  const compiled = compiledReads<GraphQLContext>(
    config.COMPILED_READS ? [compiledRoots(assembled.modules.flatMap((m) => m.compiledRoots?.(assembled) ?? []), { now: () => deps.clock.now() })] : [],
  );
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: !config.isProduction,
    stopOnTerminationSignals: false, // main.ts owns the shutdown order
    formatError: makeFormatError(logger, errorHooks),
    validationRules: limitValidationRules,
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    hideSchemaDetailsFromClientErrors: config.isProduction, // no "Did you mean …" field suggestions
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: false,
    // Auth is bearer-only (no cookies), so a cross-site request carries no credentials: plain GETs
    // (APQ, CDN-cacheable partner listings) need no preflight header.
    csrfPrevention: false,
    plugins: [
      {
        async requestDidStart() {
          const started = performance.now();
          return {
            async didResolveOperation({ schema: s, document, operation, request, source }) {
              assertNoNulInOperation(document, request.variables, source);
              if (operation) assertCostWithinLimit(s, document, operation, request.variables);
            },
            async willSendResponse({ operationName, operation, errors, response }) {
              // The database went away during this operation: 503 + Retry-After, as for REST.
              const unavailable =
                response.body.kind === 'single' && response.body.singleResult.errors?.find((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE');
              if (unavailable) {
                response.http.status = 503;
                response.http.headers.set('retry-after', String(unavailable.extensions?.retryAfterSeconds ?? 5));
              }
              deps.metrics.graphqlOperations.inc({
                operation: operationName ?? 'anonymous',
                type: operation?.operation ?? 'unknown',
                outcome: errors?.length ? 'error' : 'ok',
              });
              deps.metrics.graphqlDuration.observe({ operation: operationName ?? 'anonymous' }, (performance.now() - started) / 1000);
            },
          };
        },
      },
      ApolloServerPluginDrainHttpServer({ httpServer }),
      persistedQueries.plugin,
      ...(responseCache ? [responseCache] : []),
      compiled.plugin, // after the response cache: a cached answer is served first, a compiled one is kept by it
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      cacheControlPlugin(),
      readOnlyKeysPlugin(),
      { async serverWillStart() { return { async drainServer() { await ws.dispose(); } }; } },
    ],
  });
  await apollo.start();
  /** A query answered before Apollo (cache hit, compiled read) counts as Apollo's metrics plugin would count it. */
  const countServedQuery = (operationName: string | undefined, startedAt: number) => {
    deps.metrics.graphqlOperations.inc({ operation: operationName ?? 'anonymous', type: 'query', outcome: 'ok' });
    deps.metrics.graphqlDuration.observe({ operation: operationName ?? 'anonymous' }, (performance.now() - startedAt) / 1000);
  };
  app.use(
    '/graphql',
    refuseWhileDatabaseDown,
    express.json({ limit: '100kb' }),
    guard.identify,
    guard.rateLimit('graphql'),
    ...(responseCache
      ? [
          serveCachedAnswers(responseCache, {
            isAnonymous: guard.isAnonymous,
            hasCredentialError: guard.hasCredentialError,
            onServed: countServedQuery,
            persistedSource: persistedQueries.source,
          }),
        ]
      : []),
    compiled.http({
      schema,
      // Requests the response cache serves or keeps go through Apollo, so the cache fills.
      cacheable: (req) => responseCache !== null && !wantsFreshAnswer(req.headers['cache-control']),
      check: (document, operation, variables, source) => {
        assertNoNulInOperation(document, variables, source);
        assertCostWithinLimit(schema, document, operation, variables);
      },
      contextFor,
      isAnonymous: guard.isAnonymous,
      hasCredentialError: guard.hasCredentialError,
      onServed: countServedQuery,
      persistedSource: persistedQueries.source,
    }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        try {
          return contextFor(req, res);
        } catch (err) {
          if (err instanceof DomainError) {
            throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: err.httpStatus } } });
          }
          throw err;
        }
      },
    }),
  );

  const anonymousContext = () => createRequestContext({ em: orm.em, viewer: null, services, requestId: randomUUID() });
  serveClient(app, config.CLIENT_DIST, {
    publicUrl: () => {
      const address = httpServer.address();
      return config.PUBLIC_URL ?? (address && typeof address === 'object' ? `http://localhost:${address.port}` : `http://localhost:${config.PORT}`);
    },
    heads: assembled.contributions('pageHeads'),
    sitemap: assembled.contributions('sitemapEntries'),
    anonymousContext,
    run: async (query, variables) => {
      const answer = await apollo.executeOperation({ query, variables }, { contextValue: anonymousContext() as GraphQLContext });
      return answer.body.kind === 'single' ? answer.body.singleResult : { errors: [new Error('incremental answer')] };
    },
    onError: (err, path) => logger.warn({ err, path }, 'page head failed; sent the page without it'),
  });
  // Anything that escaped the routes above (e.g. a /graphql body that is not JSON or too large):
  // a JSON answer without internals, never express's HTML page with a stack trace.
  app.use(graphqlTransportErrorHandler(logger, errorHooks));

  return {
    httpServer,
    app,
    services,
    deps,
    database,
    jobs: deps.jobs,
    close: async () => {
      stopWatchingSupervisor?.();
      await database.close();
      await deps.jobs.stop();
      for (const stop of unsubscribe) stop();
      for (const m of assembled.modules) await m.stop?.(assembled);
      await apollo.stop();
      await ws.close();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      responseCache?.close();
      deps.sessions.close();
      await deps.events.close();
      await deps.limits.close();
      await deps.mail.stop();
    },
  };
}
