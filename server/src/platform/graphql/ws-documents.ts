import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';

/**
 * Parses and validates the documents of WebSocket operations, keeping the valid ones by their
 * text. Thousands of sockets subscribe with the same document (the dashboard's), and a parsed
 * document with its source locations weighs ~27 KB: without this every idle subscription held its
 * own copy. Documents are never mutated by execution, so one copy is safely shared. Bounded (the
 * oldest entry goes first); refused documents are not kept, so their errors come back every time.
 */
export function wsDocumentChecker(opts: { schema: GraphQLSchema; rules: readonly ValidationRule[]; maxTokens: number; maxEntries: number }) {
  const valid = new Map<string, DocumentNode>();
  return (text: string): { document: DocumentNode; errors?: undefined } | { errors: readonly GraphQLError[] } => {
    const known = valid.get(text);
    if (known) return { document: known };
    const document = parse(text, { maxTokens: opts.maxTokens });
    const errors = validate(opts.schema, document, opts.rules);
    if (errors.length > 0) return { errors };
    if (valid.size >= opts.maxEntries) valid.delete(valid.keys().next().value!);
    valid.set(text, document);
    return { document };
  };
}
