import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { assertCostWithinLimit } from '../limits';
import { buildAppSchema } from '../../../app/schema';

describe('query cost check on repeated operations', () => {
  it('re-checks an operation whose page sizes come from variables, every time', () => {
    const schema = buildAppSchema();
    const document = parse(`query ($n: Int!, $m: Int!) {
      creators(first: $n) { edges { node { nextFreeSlots(first: $m) { id } latestReviews(first: $m) { id } } } }
    }`);
    const operation = getOperationAST(document)!;
    expect(() => assertCostWithinLimit(schema, document, operation, { n: 2, m: 2 })).not.toThrow();
    expect(() => assertCostWithinLimit(schema, document, operation, { n: 50, m: 50 })).toThrow(/exceeds the limit/);
    expect(() => assertCostWithinLimit(schema, document, operation, { n: 2, m: 2 })).not.toThrow();
  });

  it('gives a literal operation the same answer on every request', () => {
    const schema = buildAppSchema();
    const document = parse(`{ creators(first: 50) { edges { node { nextFreeSlots(first: 50) { id } latestReviews(first: 50) { id } } } } }`);
    const operation = getOperationAST(document)!;
    for (let i = 0; i < 3; i++) expect(() => assertCostWithinLimit(schema, document, operation)).toThrow(/exceeds the limit/);
  });
});
