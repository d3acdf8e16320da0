import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { ApiKeyType, ApiKeyUsageHourType, CreateApiKeyInput, CreatedApiKeyType } from './partners.types';

@Resolver()
export class PartnersResolver {
  @Query(() => [ApiKeyType], { description: 'Your API keys that are not revoked, newest first' })
  myApiKeys(@Ctx() ctx: GraphQLContext) {
    return ctx.services.partners.myKeys(ctx);
  }

  @Query(() => [ApiKeyType], { description: "Support staff: a user's API keys, revoked ones included" })
  apiKeys(@Arg('userId', () => ID) userId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.partners.keysOf(ctx, userId);
  }

  @Query(() => [ApiKeyUsageHourType], { description: 'Requests per hour with your key over the last 7 days, oldest first (support staff: any key)' })
  apiKeyUsage(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.partners.usage(ctx, id);
  }

  @Mutation(() => CreatedApiKeyType, { description: 'A new partner API key; the secret is in this answer only' })
  createApiKey(@Arg('input', () => CreateApiKeyInput) input: CreateApiKeyInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.partners.createKey(ctx, { ...input });
  }

  @Mutation(() => ApiKeyType, { description: "Revokes your key; it stops working at once. Support staff: any key, with a reason (shown to the owner, kept in the audit log)" })
  revokeApiKey(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.partners.revokeKey(ctx, id, reason);
  }
}
