import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { getOperationAST, getVariableValues, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { acceptsJson, rawOperation, sendAnswer, type PersistedSource } from './before-apollo';

/**
 * Reads answered by one SQL statement that builds the answer's JSON in PostgreSQL, without
 * graphql-js's field-by-field execution (the compiled root fields of every module: compiled-roots.ts).
 * A compiled read serves only the operations it fully understands and that do not depend on who
 * asks; for anything else it answers null and the normal execution runs.
 */
export interface CompiledRead<C> {
  /** Whether this operation (with these variables' `@skip`/`@include` values) is one it serves. */
  isCompiled(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): boolean;
  /** The operation's `data` as JSON text, or null: the normal execution answers (and reports any error). */
  answer(input: {
    schema: GraphQLSchema;
    document: DocumentNode;
    operation: OperationDefinitionNode;
    /** Coerced variable values. */
    variables: Record<string, unknown>;
    ctx: C;
  }): Promise<string | null>;
}

/** Variables coerced as graphql-js would, or null when they are invalid (the normal path reports it). */
function coerced(schema: GraphQLSchema, operation: OperationDefinitionNode, raw: unknown): Record<string, unknown> | null {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], (raw ?? {}) as Record<string, unknown>, { maxErrors: 1 });
  return result.errors ? null : result.coerced;
}

async function run<C>(reads: readonly CompiledRead<C>[], input: Parameters<CompiledRead<C>['answer']>[0]): Promise<string | null> {
  for (const read of reads) {
    if (!read.isCompiled(input.schema, input.document, input.operation, input.variables)) continue;
    try {
      return await read.answer(input);
    } catch {
      return null; // e.g. the database went away: the normal path answers with its own error
    }
  }
  return null;
}

export interface CompiledReads<C> {
  /** Apollo plugin: after parsing, validation and the limits, answers compiled operations instead of executing them. */
  plugin: ApolloServerPlugin<C & object>;
  /**
   * HTTP fast path before Apollo for documents Apollo has already validated and answered here:
   * writes PostgreSQL's JSON text as the body (no parse, no re-serialisation, no Apollo pipeline).
   * POST and GET alike, and automatic persisted queries by a hash whose text Apollo checked and
   * answered here (before-apollo.ts `rawOperation`: anything else goes to Apollo).
   */
  http(opts: {
    schema: GraphQLSchema;
    /** Whether the response cache would serve or keep this request (then Apollo must see it). */
    cacheable: (req: Request) => boolean;
    /** The checks Apollo runs on every operation after validation (limits, NUL); throws when refused. */
    check: (document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined, source: string) => void;
    contextFor: (req: Request, res: Response) => C;
    isAnonymous: (res: Response) => boolean;
    hasCredentialError: (res: Response) => boolean;
    onServed: (operationName: string | undefined, startedAt: number) => void;
    /** The texts of automatic persisted queries Apollo checked (before-apollo.ts persistedQueryTexts). */
    persistedSource: PersistedSource;
  }): RequestHandler;
}

const MAX_KNOWN = 1000;

export function compiledReads<C extends object>(reads: readonly CompiledRead<C>[]): CompiledReads<C> {
  /** Query texts Apollo parsed, validated and answered through a compiled read. */
  const known = new Map<string, DocumentNode>();

  const plugin: ApolloServerPlugin<C> = {
    async requestDidStart() {
      return {
        async responseForOperation(rc) {
          const { schema, document, operation, request, source } = rc;
          // Apollo asks even when the request names no operation of its document (it then answers 400 itself).
          if (!operation) return null;
          const variables = coerced(schema, operation, request.variables);
          if (!variables) return null;
          const text = await run(reads, { schema, document, operation, variables, ctx: rc.contextValue });
          if (text === null) return null;
          if (source && !known.has(source) && known.size < MAX_KNOWN) known.set(source, document);
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data: JSON.parse(text) as Record<string, unknown> } } };
        },
      };
    },
  };

  const http: CompiledReads<C>['http'] = (opts) => (req, res, next) => {
    const startedAt = performance.now();
    const raw = rawOperation(req, opts.persistedSource);
    const document = raw && known.get(raw.query);
    if (!raw || !document || opts.hasCredentialError(res) || opts.cacheable(req) || !acceptsJson(req.headers.accept)) return next();
    const operation = getOperationAST(document, raw.operationName);
    if (!operation) return next();
    // Apollo answers a query over GET, never a mutation (compiled reads serve queries only anyway).
    if (req.method === 'GET' && operation.operation !== 'query') return next();
    const variables = coerced(opts.schema, operation, raw.variables);
    if (!variables) return next();
    let ctx: C;
    try {
      opts.check(document, operation, raw.variables as Record<string, unknown> | undefined, raw.query);
      ctx = opts.contextFor(req, res);
    } catch {
      return next(); // Apollo refuses it with its own answer
    }
    run(reads, { schema: opts.schema, document, operation, variables, ctx }).then(
      (text) => {
        if (text === null) return next();
        sendAnswer(res, `{"data":${text}}\n`, opts.isAnonymous(res));
        opts.onServed(operation.name?.value ?? raw.operationName, startedAt);
      },
      (err: unknown) => next(err),
    );
  };

  return { plugin, http };
}
