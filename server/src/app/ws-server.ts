import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { GraphQLError, getOperationAST, specifiedRules, type GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../platform/config';
import { asUnavailable, isDatabaseUnavailableError, type DatabaseMonitor, type ErrorHandlerHooks } from '../platform/db/availability';
import { viewerFromAuthorization } from '../platform/auth/authenticate';
import { SESSION_REVOKED_MESSAGE } from '../platform/auth/sessions';
import { createRequestContext } from '../platform/request-context';
import type { AppDeps, Services } from './services';
import type { Viewer } from '../platform/shared/context';
import { DomainError } from '../platform/shared/errors';
import type { GraphQLContext } from '../platform/graphql/context';
import { makeFormatError } from '../platform/graphql/format-error';
import { assertCostWithinLimit, limitValidationRules, QUERY_LIMITS } from '../platform/graphql/limits';
import { assertNoNulInOperation } from '../platform/graphql/no-nul';
import { wsDocumentChecker } from '../platform/graphql/ws-documents';

type WsConfig = Pick<
  Config,
  | 'WS_MAX_CONNECTIONS_PER_IP'
  | 'WS_MAX_SUBSCRIPTIONS_PER_CONNECTION'
  | 'WS_CONNECTION_INIT_TIMEOUT_MS'
  | 'WS_MAX_MESSAGES_PER_MINUTE'
  | 'WS_MAX_CONNECTIONS_PER_ACCOUNT'
  | 'WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT'
  | 'WS_MAX_CONNECTIONS'
  | 'WS_MAX_SUBSCRIPTIONS'
>;

/** Why a socket is closed, as the client reads it (close code + reason, at most 123 bytes). */
export const WS_CLOSE = {
  tooManyConnections: (max: number) => [CloseCode.TooManyInitialisationRequests, `Too many connections from your address (at most ${max})`] as const,
  tooManySubscriptions: (max: number) => [CloseCode.BadRequest, `Too many subscriptions on this connection (at most ${max})`] as const,
  tooManyMessages: (max: number) => [CloseCode.TooManyInitialisationRequests, `Too many messages (at most ${max} per minute)`] as const,
  tooManyAccountConnections: (max: number) => [CloseCode.TooManyInitialisationRequests, `Too many connections for your account (at most ${max})`] as const,
  tooManyAccountSubscriptions: (max: number) => [CloseCode.BadRequest, `Too many subscriptions for your account (at most ${max})`] as const,
  /** The whole server is at its ceiling: 1013 "Try Again Later", clients reconnect after a back-off. */
  serverFull: () => [1013, 'Try again later: the server holds as many live connections as it may'] as const,
  serverSubscriptionsFull: () => [1013, 'Try again later: the server runs as many subscriptions as it may'] as const,
  signedOut: () => [CloseCode.Unauthorized, SESSION_REVOKED_MESSAGE] as const,
  /** 1013 "Try Again Later" (RFC 6455 registry): graphql-ws clients reconnect after it. */
  databaseUnavailable: () => [1013, 'Try again later: the service is temporarily unavailable (database unreachable)'] as const,
};

type SocketExtra = {
  viewerHeader?: unknown;
  sessionId?: string;
  /** The signed-in account the socket counts against (per-account ceilings). */
  accountId?: string;
};

/** The graphql-ws context of an acknowledged socket: its running operations are `subscriptions`. */
type LiveContext = { subscriptions: Record<string, unknown> };
const operationsOf = (contexts: Iterable<LiveContext>) => {
  let n = 0;
  for (const c of contexts) n += Object.keys(c.subscriptions).length;
  return n;
};

/**
 * GraphQL over WebSocket (graphql-ws) on the HTTP server's /graphql path, with its guards: the
 * token comes in connectionParams and the session is checked on connect and on every operation
 * (a revoked session's sockets are closed at once); connections per client address and per
 * account, subscriptions per connection and per account, connections and subscriptions of the
 * whole server, and messages per minute are limited, and a socket that sends no
 * valid `connection_init` in time is closed. Each refusal is a graphql-ws close code with a reason.
 */
export function createWsServer(opts: {
  httpServer: HttpServer;
  schema: GraphQLSchema;
  config: WsConfig;
  deps: AppDeps;
  services: Services;
  logger: Logger;
  /** The HTTP app's proxy trust, so a socket's client address is read as express reads req.ip. */
  trustProxy: Parameters<typeof proxyaddr>[1];
  /** While the database is down, sockets are closed with 1013 and new ones refused the same way. */
  database: Pick<DatabaseMonitor, 'isDown' | 'onChange'>;
  errorHooks?: ErrorHandlerHooks;
}) {
  const { schema, config, deps, services } = opts;
  // maxPayload: the document size limit holds over WebSocket too (ws would accept 100 MB).
  const wsServer = new WebSocketServer({ server: opts.httpServer, path: '/graphql', maxPayload: QUERY_LIMITS.maxDocumentBytes });
  const formatWsError = makeFormatError(opts.logger, opts.errorHooks);
  const checkWsDocument = wsDocumentChecker({ schema, rules: [...specifiedRules, ...limitValidationRules], maxTokens: QUERY_LIMITS.maxTokens, maxEntries: 200 });
  const connectionsPerAddress = new Map<string, number>();
  const socketsBySession = new Map<string, Set<WebSocket>>();
  // Ceilings beside the per-address one: per signed-in account and for the whole server, so many
  // addresses (or one account from many) cannot hold unbounded sockets and subscriptions.
  const contextsByAccount = new Map<string, Set<LiveContext>>();
  const liveContexts = new Set<LiveContext>();
  const messages = new RateLimiterMemory({ keyPrefix: 'ws-messages', points: config.WS_MAX_MESSAGES_PER_MINUTE, duration: 60 });

  const close = (socket: WebSocket, [code, reason]: readonly [number, string]) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  };

  // Registered before graphql-ws's own listener, so a refused socket is closed before it is served.
  wsServer.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    if (opts.database.isDown) return close(socket, WS_CLOSE.databaseUnavailable());
    // wsServer.clients already holds this socket.
    if (wsServer.clients.size > config.WS_MAX_CONNECTIONS) return close(socket, WS_CLOSE.serverFull());
    const address = proxyaddr(request, opts.trustProxy);
    const open = (connectionsPerAddress.get(address) ?? 0) + 1;
    connectionsPerAddress.set(address, open);
    socket.once('close', () => {
      const left = (connectionsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) connectionsPerAddress.set(address, left);
      else connectionsPerAddress.delete(address);
    });
    if (open > config.WS_MAX_CONNECTIONS_PER_IP) return close(socket, WS_CLOSE.tooManyConnections(config.WS_MAX_CONNECTIONS_PER_IP));
    const id = randomUUID();
    socket.on('message', () => {
      messages.consume(id).catch(() => close(socket, WS_CLOSE.tooManyMessages(config.WS_MAX_MESSAGES_PER_MINUTE)));
    });
    socket.once('close', () => void messages.delete(id));
  });

  const unsubscribeDatabase = opts.database.onChange((up) => {
    if (!up) for (const socket of wsServer.clients) close(socket, WS_CLOSE.databaseUnavailable());
  });

  const unsubscribeRevocations = deps.sessions.onRevoked((sessionIds) => {
    for (const sessionId of sessionIds) {
      for (const socket of socketsBySession.get(sessionId) ?? []) close(socket, WS_CLOSE.signedOut());
    }
  });

  /** The socket's viewer now: its token may have expired (UNAUTHENTICATED) or its session been revoked (closes it). */
  const currentViewer = async (extra: SocketExtra, socket: WebSocket): Promise<Viewer | null> => {
    const viewer = viewerFromAuthorization(extra.viewerHeader, deps.tokens, deps.clock);
    try {
      await deps.sessions.assertActive(viewer);
    } catch (caught) {
      // The database did not answer: that says nothing about the session (4401 would end the client's retries).
      const err = asUnavailable(caught, opts.errorHooks?.onDatabaseUnavailable);
      const unavailable = err instanceof DomainError && err.code === 'SERVICE_UNAVAILABLE';
      // After the operation's error message has gone out.
      setImmediate(() => close(socket, unavailable ? WS_CLOSE.databaseUnavailable() : WS_CLOSE.signedOut()));
      throw err;
    }
    return viewer;
  };

  const cleanup = useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      connectionInitWaitTimeout: config.WS_CONNECTION_INIT_TIMEOUT_MS,
      onSubscribe: async (ctx, _id, payload) => {
        // (graphql-ws has already entered this operation in ctx.subscriptions.)
        if (Object.keys(ctx.subscriptions).length > config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          close(ctx.extra.socket, WS_CLOSE.tooManySubscriptions(config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION));
          return [new GraphQLError(WS_CLOSE.tooManySubscriptions(config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)[1], { extensions: { code: 'RATE_LIMITED' } })];
        }
        const account = ctx.extra.accountId ? contextsByAccount.get(ctx.extra.accountId) : undefined;
        if (account && operationsOf(account) > config.WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT) {
          close(ctx.extra.socket, WS_CLOSE.tooManyAccountSubscriptions(config.WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT));
          return [new GraphQLError(WS_CLOSE.tooManyAccountSubscriptions(config.WS_MAX_SUBSCRIPTIONS_PER_ACCOUNT)[1], { extensions: { code: 'RATE_LIMITED' } })];
        }
        if (operationsOf(liveContexts) > config.WS_MAX_SUBSCRIPTIONS) {
          close(ctx.extra.socket, WS_CLOSE.serverSubscriptionsFull());
          return [new GraphQLError(WS_CLOSE.serverSubscriptionsFull()[1], { extensions: { code: 'SERVICE_UNAVAILABLE' } })];
        }
        // The socket's access token may have expired since it connected: refuse this operation
        // with UNAUTHENTICATED (the client refreshes and subscribes again) rather than letting the
        // context factory throw, which would close the whole socket (4500) and every live update on it.
        try {
          await currentViewer(ctx.extra, ctx.extra.socket);
        } catch (err) {
          const message = err instanceof Error ? err.message : 'Unauthenticated';
          return [new GraphQLError(message, { extensions: { code: err instanceof DomainError ? err.code : 'UNAUTHENTICATED' } })];
        }
        // The same limits as over HTTP: tokens, depth, aliases, cost.
        try {
          const checked = checkWsDocument(payload.query);
          if (checked.errors) return [...checked.errors];
          const { document } = checked;
          const operation = getOperationAST(document, payload.operationName);
          if (!operation) return [new GraphQLError('Unable to identify the operation')];
          assertNoNulInOperation(document, payload.variables, payload.query);
          assertCostWithinLimit(schema, document, operation, payload.variables ?? undefined);
          return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError('Invalid operation')];
        }
      },
      // Subscription results get the same error mapping as HTTP (codes kept, internals masked).
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((e) => formatWsError(e.toJSON(), e)) } : undefined,
      onConnect: async (ctx) => {
        const header = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        let viewer: Viewer | null;
        try {
          viewer = viewerFromAuthorization(header, deps.tokens, deps.clock);
          await deps.sessions.assertActive(viewer);
        } catch (err) {
          // The database did not answer: "try again later", not "forbidden".
          if (isDatabaseUnavailableError(err)) {
            opts.errorHooks?.onDatabaseUnavailable?.(err);
            close(ctx.extra.socket, WS_CLOSE.databaseUnavailable());
          }
          return false; // closes with 4403 Forbidden (unless closed above)
        }
        ctx.extra.viewerHeader = header;
        if (viewer?.sessionId) {
          const sockets = socketsBySession.get(viewer.sessionId) ?? new Set();
          sockets.add(ctx.extra.socket);
          socketsBySession.set(viewer.sessionId, sockets);
          ctx.extra.sessionId = viewer.sessionId;
        }
        if (viewer) {
          const contexts = contextsByAccount.get(viewer.id) ?? new Set<LiveContext>();
          if (contexts.size >= config.WS_MAX_CONNECTIONS_PER_ACCOUNT) {
            close(ctx.extra.socket, WS_CLOSE.tooManyAccountConnections(config.WS_MAX_CONNECTIONS_PER_ACCOUNT));
            return false;
          }
          contexts.add(ctx);
          contextsByAccount.set(viewer.id, contexts);
          ctx.extra.accountId = viewer.id;
        }
        liveContexts.add(ctx);
        deps.metrics.wsConnections.inc();
        return true;
      },
      onClose: (ctx) => {
        if (ctx.acknowledged) deps.metrics.wsConnections.dec();
        liveContexts.delete(ctx);
        const contexts = ctx.extra.accountId ? contextsByAccount.get(ctx.extra.accountId) : undefined;
        contexts?.delete(ctx);
        if (ctx.extra.accountId && contexts?.size === 0) contextsByAccount.delete(ctx.extra.accountId);
        const { sessionId, socket } = ctx.extra;
        const sockets = sessionId ? socketsBySession.get(sessionId) : undefined;
        sockets?.delete(socket);
        if (sessionId && sockets?.size === 0) socketsBySession.delete(sessionId);
      },
      context: async (ctx) =>
        createRequestContext({
          em: deps.orm.em,
          // Re-verified per operation: an expired or signed-out token cannot keep subscribing.
          viewer: await currentViewer(ctx.extra, ctx.extra.socket),
          services,
          requestId: randomUUID(),
        }) satisfies GraphQLContext,
    },
    wsServer,
  );

  return {
    /** graphql-ws's own shutdown (completes subscriptions); Apollo's drain calls it. */
    dispose: () => cleanup.dispose(),
    close: async () => {
      unsubscribeRevocations();
      unsubscribeDatabase();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
