import { getOperationAST, parse } from 'graphql';
import { Ctx, Directive, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { apolloRuns, postGraphql } from '../../../test/graphql-http';
import { createCreator, registerAccount, type Account } from '../../features/profiles/__tests__/fixtures';
import { ProfileType } from '../../features/profiles/profiles.types';
import { defineModule } from '../../platform/module';
import { operationCachePolicy, PRIVATE_HINT, PUBLIC_ROOT_HINT } from '../../platform/graphql/cache-policy';
import type { RootFieldCompiler } from '../../platform/graphql/compiled-roots';
import type { GraphQLContext } from '../../platform/graphql/context';
import { modules } from '../modules';
import { buildAppSchema } from '../schema';

/**
 * Whether an answer may be kept (response cache, `Cache-Control: public`) or compiled to one
 * statement is read from the `@cacheControl` hints on the fields it asks, not from a list of root
 * field names. A module of this test's own adds fields a later feature could add:
 * `Profile.isFavourite`, whose value depends on who asks (PRIVATE), and two root fields the
 * compiler can serve, one public and one PRIVATE. Its compiled statement answers 8 where the
 * resolver answers 7, so an answer shows which path made it.
 */

/** Viewer id -> creator profile ids they marked (this test's own state). */
const favourites = new Map<string, Set<string>>();
let favouriteReads = 0;

@Resolver(() => ProfileType)
class FavouritesProbe {
  @Directive(PRIVATE_HINT)
  @FieldResolver(() => Boolean, { description: "Whether the viewer marked this creator (test only)" })
  isFavourite(@Root() profile: ProfileType, @Ctx() ctx: GraphQLContext): boolean {
    favouriteReads += 1;
    return !!ctx.viewer && (favourites.get(ctx.viewer.id)?.has(profile.id) ?? false);
  }
}

@Resolver()
class ProbeRoots {
  @Directive(PUBLIC_ROOT_HINT)
  @Query(() => Int)
  probePublic(): number {
    return 7;
  }

  @Directive('@cacheControl(maxAge: 30, scope: PRIVATE)')
  @Query(() => Int)
  probePrivate(): number {
    return 7;
  }
}

/** A compiler for a probe root: its statement answers 8. */
const eight = (field: string): RootFieldCompiler<GraphQLContext> => ({
  field,
  compile: () => ({ request: () => ({ value: () => `'8'`, fixed: true }) }),
});

const probeModule = defineModule({ name: 'cache-probe', resolvers: [FavouritesProbe, ProbeRoots], compiledRoots: () => [eight('probePublic'), eight('probePrivate')] });
const withProbe = [...modules, probeModule];

const LISTING = `query($search: String) { creators(first: 5, filter: { search: $search }) { edges { node { id displayName } } } }`;
const FAVOURITES = `query($search: String) { creators(first: 5, filter: { search: $search }) { edges { node { id displayName isFavourite } } } }`;

describe('the cache policy of an operation, from the @cacheControl hints', () => {
  const schema = buildAppSchema(withProbe);
  const policy = (text: string, variables: Record<string, unknown> = {}) => {
    const document = parse(text);
    return operationCachePolicy(schema, document, getOperationAST(document)!, variables);
  };

  it('the public catalogue is PUBLIC for 30 s; any PRIVATE field, however reached, makes the whole answer PRIVATE', () => {
    expect(policy(LISTING)).toEqual({ maxAge: 30, scope: 'PUBLIC' });
    expect(policy(`{ creator(id: "x") { id latestReviews { rating } nextFreeSlots { startTime } } reviews(creatorId: "x") { totalCount pageInfo { hasNextPage } } paymentConfig { provider } }`)).toEqual({
      maxAge: 30,
      scope: 'PUBLIC',
    });
    expect(policy(FAVOURITES).scope).toBe('PRIVATE');
    expect(policy(`query { creators { edges { node { ...F } } } } fragment F on Profile { isFavourite }`).scope).toBe('PRIVATE');
    expect(policy(`query { creators { edges { node { ... on Profile { isFavourite } } } } }`).scope).toBe('PRIVATE');
    expect(policy(`query($skip: Boolean!) { creators { edges { node { id isFavourite @skip(if: $skip) } } } }`, { skip: true })).toEqual({ maxAge: 30, scope: 'PUBLIC' });
    expect(policy(`query($skip: Boolean!) { creators { edges { node { id isFavourite @skip(if: $skip) } } } }`, { skip: false }).scope).toBe('PRIVATE');
  });

  it('a field without a hint is not cacheable: the viewer-specific roots and anything mixed with them', () => {
    expect(policy(`{ myProfile { id } }`).maxAge).toBe(0);
    expect(policy(`{ creators { totalCount } myProfile { id } }`).maxAge).toBe(0);
    expect(policy(`{ __schema { queryType { name } } }`).maxAge).toBe(0);
    expect(policy(`mutation { logout }`).maxAge).toBe(0);
  });
});

describe('a PRIVATE field (Profile.isFavourite of a later feature)', () => {
  let app: TestApp;
  let fan: Account;
  let other: Account;
  let liked: string;
  let search: string;

  beforeAll(async () => {
    app = await startTestApp({ ANON_RESPONSE_CACHE_SECONDS: '60' }, { modules: withProbe });
    search = `Favoured ${Date.now().toString(36)}`;
    liked = (await createCreator(app, { displayName: `${search} One` })).profileId;
    await createCreator(app, { displayName: `${search} Two` });
    [fan, other] = [await registerAccount(app, 'brand'), await registerAccount(app, 'brand')];
    favourites.set(fan.userId, new Set([liked]));
  });
  afterAll(() => app?.close());

  const favouriteOf = (res: { body: any }) =>
    Object.fromEntries(res.body.data.creators.edges.map((e: any) => [e.node.id, e.node.isFavourite])) as Record<string, boolean>;

  it('is never answered from the response cache: each viewer gets their own answer, every time', async () => {
    // Control: the same listing without the field is kept, and its repeat never reaches Apollo.
    await app.gql(LISTING, { search }, fan.token);
    expect(await apolloRuns(() => app.gql(LISTING, { search }, other.token))).toBe(0);

    const first = await app.gql(FAVOURITES, { search }, fan.token);
    expect(first.body.errors).toBeUndefined();
    expect(favouriteOf(first)[liked]).toBe(true);
    const reads = favouriteReads;
    let theirs: { body: any } | undefined;
    let anonymous: { body: any } | undefined;
    let again: { body: any } | undefined;
    const runs = await apolloRuns(async () => {
      theirs = await app.gql(FAVOURITES, { search }, other.token);
      anonymous = await app.gql(FAVOURITES, { search });
      again = await app.gql(FAVOURITES, { search }, fan.token);
    });
    expect(favouriteOf(theirs!)[liked]).toBe(false);
    expect(favouriteOf(anonymous!)[liked]).toBe(false);
    expect(favouriteOf(again!)[liked]).toBe(true);
    expect(runs).toBe(3); // every request ran in Apollo...
    expect(favouriteReads - reads).toBe(3 * 2); // ...and resolved the field for both cards
  });

  it('makes even an anonymous answer `private, no-store` (the listing alone stays `public`)', async () => {
    expect((await postGraphql(app.url, { query: LISTING, variables: { search } })).cacheControl).toBe('public, max-age=30');
    expect((await postGraphql(app.url, { query: FAVOURITES, variables: { search } })).cacheControl).toBe('private, no-store');
  });

  it('makes the compiler decline: the listing with it is resolved by graphql-js, without it compiled to one statement', async () => {
    const fresh = { 'cache-control': 'no-cache' }; // past the response cache: the compiled read or graphql-js answers
    app.queries.length = 0;
    const compiled = await postGraphql(app.url, { query: LISTING, variables: { search } }, { ...fresh, authorization: `Bearer ${fan.token}` });
    expect(JSON.parse(compiled.text).data.creators.edges).toHaveLength(2);
    expect(app.queries.filter((q) => !/^(begin|commit|rollback)/i.test(q))).toHaveLength(1);

    const reads = favouriteReads;
    const resolved = await postGraphql(app.url, { query: FAVOURITES, variables: { search } }, { ...fresh, authorization: `Bearer ${fan.token}` });
    expect(JSON.parse(resolved.text).data.creators.edges.map((e: any) => e.node.isFavourite).sort()).toEqual([false, true]);
    expect(favouriteReads - reads).toBe(2);
  });

  it('the compiler declines a root field it could compile once the field is declared PRIVATE', async () => {
    const ask = async (query: string) => JSON.parse((await postGraphql(app.url, { query }, { 'cache-control': 'no-cache' })).text).data;
    expect(await ask('{ probePublic }')).toEqual({ probePublic: 8 }); // compiled
    expect(await ask('{ probePrivate }')).toEqual({ probePrivate: 7 }); // graphql-js
    expect(await ask('{ probePublic probePrivate }')).toEqual({ probePublic: 7, probePrivate: 7 }); // the whole operation declined
  });
});
