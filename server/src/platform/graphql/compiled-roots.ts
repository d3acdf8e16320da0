import { getArgumentValues, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedQuery, StatementNames } from '../db/prepared';
import { give, NotCompiled, type Compiler, type Emit, type FieldDef, type SqlQuery } from './compiled-sql';
import type { CompiledRead } from './compiled-reads';
import { operationCachePolicy } from './cache-policy';
import { collectFields, directiveVariables, fragmentsOf, type CollectedField } from './selection';

/**
 * Compiled root fields: each feature declares, in its front door (`compiledRoots`), compilers for
 * ITS query root fields (profiles: `creators`, `creator`; availability: `availabilitySlots`;
 * reviews: `reviews`). An operation whose every root field has a compiler becomes ONE statement:
 * the roots' CTEs, then one column per root field with its JSON value, assembled here into the
 * answer's `data` (with root `__typename`s, aliases, fragments, `@skip`/`@include`). Anything else
 * is left to graphql-js.
 *
 * A root field's value is SQL NULL when the normal execution would answer something else for it
 * (an error: an unknown or hidden creator, ...): the whole operation then falls back, and graphql-js
 * answers it (errors included). Nothing compiled here may depend on who asks: an operation with a
 * field declared PRIVATE by its `@cacheControl` hint (cache-policy.ts) is never compiled.
 */

/** One use of a root field in a document shape, compiled. */
export interface CompiledRootField<C> {
  /**
   * Per request, from the field's coerced arguments: its SQL, or null when the normal execution
   * must answer (arguments it refuses, ...). May read the request's context (e.g. a cached count).
   */
  request(args: Record<string, unknown>, r: { ctx: C; now: Date; variables: Record<string, unknown> }): Promise<RootSql | null> | RootSql | null;
}

/** The SQL of one root field for one request. */
export interface RootSql {
  /** CTEs it reads (`name as (...)`), emitted before the select in this order; names must be unique in the statement. */
  with?: { name: string; sql: Emit }[];
  /** Its JSON value (SQL NULL: the normal execution answers the operation). */
  value: Emit;
  /** Whether its text is one of few (no searched values inlined): the statement may then be a named prepared statement. */
  fixed: boolean;
}

export interface RootFieldCompiler<C> {
  /** The query type's field it compiles. */
  field: string;
  /** Runs once per document shape; calls `give()` for anything it does not serve. */
  compile(cx: Compiler, def: FieldDef, f: CollectedField): CompiledRootField<C>;
}

interface Plan<C> {
  /** The answer's root keys in order: a compiled field, or the query type's `__typename`. */
  roots: { key: string; field?: { def: FieldDef; node: CollectedField; compiled: CompiledRootField<C> } }[];
}

function compile<C>(
  compilers: ReadonlyMap<string, RootFieldCompiler<C>>,
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Plan<C> | null {
  const queryType = schema.getQueryType();
  if (operation.operation !== 'query' || !queryType) return null;
  // A field declared PRIVATE (`@cacheControl(scope: PRIVATE)`: its value depends on who asks) is graphql-js's to answer.
  if (operationCachePolicy(schema, document, operation, variables).scope === 'PRIVATE') return null;
  const cx: Compiler = { schema, fragments: fragmentsOf(document), variables };
  try {
    const fields = collectFields([operation.selectionSet], queryType.name, cx.fragments, variables) ?? give();
    const roots: Plan<C>['roots'] = [];
    for (const [key, f] of fields) {
      if (f.name === '__typename') {
        roots.push({ key });
        continue;
      }
      const compiler = compilers.get(f.name) ?? give();
      const def = queryType.getFields()[f.name] ?? give();
      roots.push({ key, field: { def, node: f, compiled: compiler.compile(cx, def, f) } });
    }
    return roots.some((r) => r.field) ? { roots } : null;
  } catch (err) {
    if (err instanceof NotCompiled) return null;
    throw err;
  }
}

const MAX_PLANS = 500;

/** Named prepared statements of compiled reads (one per query shape, platform, sort, first or later page), per connection. */
const MAX_NAMED_STATEMENTS = 100;

export interface CompiledStatement {
  sql: string;
  params: unknown[];
  /** Whether it runs as a named prepared statement. */
  fixed: boolean;
  /** The answer's root keys in order, each with its column (null: the query type's `__typename`). */
  roots: { key: string; column: string | null }[];
}

/**
 * The compiled root fields of every module as one CompiledRead (graphql/compiled-reads.ts: the
 * Apollo plugin and the HTTP fast path ask it for an operation's `data` as JSON text).
 */
export function compiledRoots<C extends { em: EntityManager }>(
  compilers: readonly RootFieldCompiler<C>[],
  deps: { now: () => Date },
): CompiledRead<C> & {
  /** The statement answering an operation (`?` placeholders), or null: for its plan to be checked. */
  statementFor(input: { schema: GraphQLSchema; document: DocumentNode; operation: OperationDefinitionNode; variables: Record<string, unknown>; ctx: C }): Promise<CompiledStatement | null>;
} {
  const byField = new Map(compilers.map((c) => [c.field, c]));
  if (byField.size !== compilers.length) throw new Error('Two compilers for one root field');
  /** Per document: the variables that shape it, and its plans per operation and their values. */
  const documents = new WeakMap<DocumentNode, { shaping: string[]; plans: Map<string, Plan<C> | null> }>();
  const names = new StatementNames(MAX_NAMED_STATEMENTS, 'compiled');

  const planFor = (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>) => {
    let doc = documents.get(document);
    if (!doc) {
      doc = { shaping: directiveVariables(document), plans: new Map() };
      documents.set(document, doc);
    }
    const key = `${operation.name?.value ?? ''}\u0000${doc.shaping.map((v) => String(variables[v])).join('\u0000')}`;
    let plan = doc.plans.get(key);
    if (plan === undefined) {
      plan = compile(byField, schema, document, operation, variables);
      if (doc.plans.size < MAX_PLANS) doc.plans.set(key, plan);
    }
    return plan;
  };

  const statementFor: ReturnType<typeof compiledRoots<C>>['statementFor'] = async ({ schema, document, operation, variables, ctx }) => {
    const plan = planFor(schema, document, operation, variables);
    if (!plan) return null;
    const now = deps.now();
    const parts: { key: string; sql: RootSql }[] = [];
    const roots: CompiledStatement['roots'] = [];
    for (const root of plan.roots) {
      if (!root.field) {
        roots.push({ key: root.key, column: null });
        continue;
      }
      roots.push({ key: root.key, column: `v${parts.length}` });
      let args: Record<string, unknown>;
      try {
        args = getArgumentValues(root.field.def, root.field.node.nodes[0], variables);
      } catch {
        return null; // the resolver's execution reports it
      }
      const sql = await root.field.compiled.request(args, { ctx, now, variables });
      if (!sql) return null;
      parts.push({ key: root.key, sql });
    }
    const ctes = parts.flatMap((p) => p.sql.with ?? []);
    if (new Set(ctes.map((c) => c.name)).size !== ctes.length) return null; // e.g. one field asked twice under two keys
    const q: SqlQuery = { params: [], now, variables };
    try {
      // Emitted in text order: the CTEs, then the roots' values.
      const withText = ctes.length ? `with ${ctes.map((c) => `${c.name} as (\n  ${c.sql(q)}\n)`).join(', ')}\n` : '';
      const columns = parts.map((p, i) => `${p.sql.value(q)}::text as v${i}`).join(',\n  ');
      return { sql: `${withText}select ${columns}`, params: q.params, fixed: parts.every((p) => p.sql.fixed), roots };
    } catch (err) {
      if (err instanceof NotCompiled) return null; // e.g. a list size out of range this time: the resolver reports it
      throw err;
    }
  };

  return {
    isCompiled: (schema, document, operation, variables) => planFor(schema, document, operation, variables) !== null,
    statementFor,
    async answer(input) {
      const st = await statementFor(input);
      if (!st) return null;
      const { em } = input.ctx;
      const rows = st.fixed ? (await preparedQuery<Record<string, string | null>>(em, st.sql, st.params, names)).rows : await unnamed(em, st.sql, st.params);
      const row = rows[0];
      const typename = JSON.stringify(input.schema.getQueryType()!.name);
      const members: string[] = [];
      for (const root of st.roots) {
        const value = root.column ? row[root.column] : typename;
        if (value === null) return null; // the normal execution answers (and reports the error)
        members.push(`${JSON.stringify(root.key)}:${value}`);
      }
      return `{${members.join(',')}}`;
    },
  };
}

const unnamed = async (em: EntityManager, sql: string, params: unknown[]) =>
  ((await em.getKnex().raw(sql, params as never[])) as { rows: Record<string, string | null>[] }).rows;
