import {
  getArgumentValues,
  getNamedType,
  isObjectType,
  type FragmentDefinitionNode,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { MAX_PAGE_SIZE } from '../shared/pagination';
import { collectFields, subSelections, type CollectedField } from './selection';

/**
 * The pieces every compiled root field (graphql/compiled-roots.ts) builds its JSON with: a
 * `json_build_object(...)` per object type with exactly the fields asked, in the order graphql-js
 * answers them, scalars printed as the schema serialises them (DateTimeISO as `Date#toISOString`,
 * enums by name, Float and Int as JSON numbers). Anything a compiler does not know calls `give()`:
 * the operation is then left to graphql-js.
 */

/** SQL text of one request's statement; `q` binds its values as `?` parameters in text order. */
export type Emit<Q extends SqlQuery = SqlQuery> = (q: Q) => string;

/** One request's statement being built. */
export interface SqlQuery {
  /** The `?` parameters, in text order: emit the text in the order it appears. */
  params: unknown[];
  now: Date;
  /** Coerced variable values of this request. */
  variables: Record<string, unknown>;
}

export const bind = (q: SqlQuery, value: unknown) => {
  q.params.push(value);
  return '?';
};

/** `YYYY-MM-DDTHH:MM:SS.mmmZ`, exactly `Date#toISOString` (milliseconds truncated, as the driver reads them). */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** An enum column printed by the schema's name for each internal value. */
export function enumSql(type: GraphQLEnumType, column: string): string {
  return `(case ${column} ${type
    .getValues()
    .map((v) => `when ${quote(String(v.value))} then ${quote(v.name)}`)
    .join(' ')} end)`;
}

/** The enum type of that name in the schema. */
export const enumOf = (schema: GraphQLSchema, name: string) => schema.getType(name) as GraphQLEnumType;

/**
 * Base64url of the JSON text `[part, part, ...]` (`encodeCursor` of shared/pagination.ts), from
 * SQL expressions that are each already a JSON value's text (e.g. `'"' || x.id || '"'`).
 */
export const cursorSql = (jsonParts: string) =>
  `translate(encode(convert_to('[' || ${jsonParts} || ']', 'UTF8'), 'base64'), E'+/=\\n', '-_')`;

/** Scalar columns of one object type, as SQL on the row alias its compiler reads it from. */
export type Columns = Record<string, (schema: GraphQLSchema, q: SqlQuery) => string>;

export class NotCompiled extends Error {}

/** Gives up compiling: the operation is left to graphql-js. */
export const give = (): never => {
  throw new NotCompiled();
};

/** What compiling one operation reads. */
export interface Compiler {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  /** The variable values the document's shape was compiled for (`@skip`/`@include`). */
  variables: Record<string, unknown>;
}

export type FieldDef = GraphQLField<unknown, unknown>;

/** A `json_build_object(...)` of the fields of one object type. */
export function objectOf<Q extends SqlQuery = SqlQuery>(
  type: GraphQLObjectType,
  fields: Map<string, CollectedField>,
  field: (key: string, f: CollectedField, def: FieldDef) => Emit<Q>,
): Emit<Q> {
  const parts: { key: string; emit: Emit<Q> }[] = [];
  for (const [key, f] of fields) {
    if (f.name === '__typename') {
      parts.push({ key, emit: () => quote(type.name) });
      continue;
    }
    const def = type.getFields()[f.name] ?? give();
    parts.push({ key, emit: field(key, f, def) });
  }
  return (q) => `json_build_object(${parts.map((p) => `${quote(p.key)}, ${p.emit(q)}`).join(', ')})`;
}

/** The fields asked of a field's object value. */
export function childFields(cx: Compiler, f: CollectedField, type: GraphQLObjectType) {
  return collectFields(subSelections(f), type.name, cx.fragments, cx.variables) ?? give();
}

/** The object type of a field (through lists and non-null), or give up. */
export function objectTypeOf(def: FieldDef): GraphQLObjectType {
  const type = getNamedType(def.type);
  return isObjectType(type) ? type : give();
}

/** A scalar field without arguments, or give up. */
export function scalar(cx: Compiler, columns: Columns, f: CollectedField, def: FieldDef): Emit {
  const column = columns[f.name];
  if (!column || def.args.length > 0 || f.nodes.some((n) => n.arguments?.length || n.selectionSet)) give();
  return (q) => column!(cx.schema, q);
}

/** An object of scalar fields only, from `columns`. */
export function elementOf(cx: Compiler, def: FieldDef, f: CollectedField, columns: Columns): Emit {
  const type = objectTypeOf(def);
  return objectOf(type, childFields(cx, f, type), (_k, child, childDef) => scalar(cx, columns, child, childDef));
}

/** A field asked without arguments (a connection's `edges`, `pageInfo`, ...), or give up. */
export const noArguments = (f: CollectedField) => {
  if (f.nodes.some((n) => n.arguments?.length)) give();
};

/** The `first` of a nested list, as its resolver would take it (1..MAX_PAGE_SIZE, else the normal path reports it). */
export function firstOf(def: FieldDef, f: CollectedField, variables: Record<string, unknown>): number {
  const first = getArgumentValues(def, f.nodes[0], variables).first;
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) give();
  return first as number;
}

/** How a compiled connection (`edges { cursor node }`, `pageInfo`, `totalCount`) reads its page. */
export interface ConnectionRows<Q extends SqlQuery> {
  /** A CTE of the page's rows, `size + 1` at most (the extra one only tells there are more), numbered `n` from 1. */
  rows: string;
  /** The row alias `cursor` and `node` read. */
  alias: string;
  /** This request's page size. */
  size: (q: Q) => number;
  cursor: Emit<Q>;
  node: (type: GraphQLObjectType, fields: Map<string, CollectedField>) => Emit<Q>;
  totalCount: Emit<Q>;
}

/** A Relay connection object, as `toConnection` (shared/pagination.ts) builds it from `size + 1` rows. */
export function connectionOf<Q extends SqlQuery>(cx: Compiler, connection: GraphQLObjectType, f: CollectedField, page: ConnectionRows<Q>): Emit<Q> {
  const { rows, alias } = page;
  return objectOf<Q>(connection, childFields(cx, f, connection), (_key, cf, cdef) => {
    noArguments(cf);
    if (cf.name === 'totalCount') return page.totalCount;
    const type = objectTypeOf(cdef);
    if (cf.name === 'pageInfo') {
      return objectOf<Q>(type, childFields(cx, cf, type), (_k, pf) => {
        if (pf.nodes.some((n) => n.arguments?.length || n.selectionSet)) give();
        if (pf.name === 'hasNextPage') return (q) => `((select count(*) from ${rows}) > ${page.size(q)})`;
        if (pf.name === 'endCursor') return (q) => `(select ${page.cursor(q)} from ${rows} ${alias} where ${alias}.n <= ${page.size(q)} order by ${alias}.n desc limit 1)`;
        return give();
      });
    }
    if (cf.name === 'edges') {
      const edge = objectOf<Q>(type, childFields(cx, cf, type), (_k, ef, edef) => {
        noArguments(ef);
        if (ef.name === 'cursor') return page.cursor;
        if (ef.name === 'node') {
          const node = objectTypeOf(edef);
          return page.node(node, childFields(cx, ef, node));
        }
        return give();
      });
      return (q) => `coalesce((select json_agg(${edge(q)} order by ${alias}.n) from ${rows} ${alias} where ${alias}.n <= ${page.size(q)}), '[]'::json)`;
    }
    return give();
  });
}
