import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one server instance, served at GET /metrics. */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route group and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route group',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly graphqlOperations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by operation name, type and outcome',
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operation latency by operation name',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly bookingTransitions = new Counter({
    name: 'booking_transitions_total',
    help: 'Booking state machine transitions applied',
    labelNames: ['transition'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background work by job (a sweep, or a work queue\'s handled rows) and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobClaims = new Counter({
    name: 'job_claims_total',
    help: 'Claim statements of each work queue (jobs/work-queue.ts) by outcome (ok: ran, whether or not it found work; failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly wsConnections = new Gauge({
    name: 'websocket_connections_open',
    help: 'Open GraphQL WebSocket connections',
    registers: [this.registry],
  });

  constructor(collectProcessMetrics = true) {
    if (collectProcessMetrics) collectDefaultMetrics({ register: this.registry });
  }
}

/**
 * SQL statements the ORM ran (its onQuery hook), process-wide like the ORM itself. Only counted and
 * served when SQL_STATEMENT_COUNTER is on: benchmarks divide it by the requests they sent.
 */
export const sqlStatementsTotal = new Counter({
  name: 'sql_statements_total',
  help: 'SQL statements run through the ORM (SQL_STATEMENT_COUNTER only)',
  registers: [],
});

/**
 * The same statements by kind (their first words, whitespace collapsed), SQL_STATEMENT_COUNTER only:
 * the bench prints, per row, which statements a request ran besides its main one.
 */
export const sqlStatementKinds = new Counter({
  name: 'sql_statement_kinds_total',
  help: 'SQL statements run through the ORM, by their first 80 characters (SQL_STATEMENT_COUNTER only)',
  labelNames: ['statement'],
  registers: [],
});

/**
 * A statement's kind: its first 80 characters, whitespace collapsed, quotes dropped. Only its head is
 * read (a compiled read's statement is several kilobytes; collapsing all of it on every statement
 * was about 2 % of the bench's server time).
 */
export const statementKind = (sql: string): string => {
  const head = sql.length > 1000 ? sql.slice(0, 1000) : sql;
  return head.replace(/\s+/g, ' ').replace(/["\\]/g, '').trim().slice(0, 80);
};

/** A low-cardinality route label: the API area, never ids from the path. */
export function routeGroup(path: string): string {
  if (path.startsWith('/graphql')) return '/graphql';
  if (path.startsWith('/api/v1/')) return `/api/v1/${path.slice(8).split('/')[0]}`;
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  return 'static';
}
