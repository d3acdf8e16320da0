import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import {
  CreatedWebhookEndpointType,
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryConnection,
  WebhookDeliveryType,
  HttpHeader,
  WebhookEndpointType,
  WebhookEventTypeInfo,
  WebhookReplayType,
} from './webhooks.types';
import { WEBHOOK_TEST_EVENT } from './webhook-event-catalog';

const headerList = (headers: Record<string, string> | null): HttpHeader[] | null => (headers ? Object.entries(headers).map(([name, value]) => ({ name, value })) : null);

/** A delivery's headers as name/value lists (stored as objects). */
@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryFieldsResolver {
  @FieldResolver(() => [HttpHeader], { nullable: true })
  requestHeaders(@Root() d: WebhookDeliveryType) {
    return headerList(d.requestHeaders);
  }

  @FieldResolver(() => [HttpHeader], { nullable: true })
  responseHeaders(@Root() d: WebhookDeliveryType) {
    return headerList(d.responseHeaders);
  }
}

@Resolver()
export class WebhooksResolver {
  @Query(() => [WebhookEventTypeInfo], { description: 'Every event a webhook endpoint can receive, described, with an example body (docs/partners.md lists the same)' })
  webhookEventCatalog(@Ctx() ctx: GraphQLContext): WebhookEventTypeInfo[] {
    return ctx.services.webhooks.eventCatalog.map((e) => ({ type: e.type, description: e.description, samplePayload: JSON.stringify(e.sample, null, 2), subscribable: e.type !== WEBHOOK_TEST_EVENT }));
  }

  @Mutation(() => WebhookDeliveryType, { description: 'Sends a signed webhook_endpoint.test event to this endpoint now (marked test); answers its delivery' })
  sendWebhookTestEvent(@Arg('endpointId', () => ID) endpointId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.sendTestEvent(ctx, endpointId);
  }

  @Query(() => [String], { description: 'Every event type an endpoint can subscribe to' })
  webhookEventTypes(@Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.eventTypes;
  }

  @Query(() => [WebhookEndpointType], { description: 'Your webhook endpoints, newest first (support staff: everyone\'s, or one user\'s)' })
  webhookEndpoints(@Arg('userId', () => ID, { nullable: true }) userId: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.endpoints(ctx, userId);
  }

  @Query(() => WebhookDeliveryConnection, { description: 'An endpoint\'s delivery log, newest first' })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.webhooks.deliveries(ctx, endpointId, { first, after });
  }

  @Mutation(() => CreatedWebhookEndpointType, { description: 'A new endpoint; its signing secret is in this answer only' })
  createWebhookEndpoint(@Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.createEndpoint(ctx, { ...input });
  }

  @Mutation(() => WebhookEndpointType)
  updateWebhookEndpoint(@Arg('id', () => ID) id: string, @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.updateEndpoint(ctx, id, { ...input });
  }

  @Mutation(() => WebhookEndpointType, {
    description: 'Stops deliveries to the endpoint (the owner enables it again). Support staff: any endpoint, with a reason (shown to the owner, kept in the audit log)',
  })
  disableWebhookEndpoint(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.disableEndpoint(ctx, id, reason);
  }

  @Mutation(() => Boolean, { description: 'Deletes the endpoint and its delivery log' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.deleteEndpoint(ctx, id);
  }

  @Mutation(() => CreatedWebhookEndpointType, { description: 'A new signing secret (shown once); the old one keeps signing for overlapHours (default 24, 0-168)' })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Arg('overlapHours', () => Int, { nullable: true }) overlapHours: number | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.rotateSecret(ctx, id, overlapHours);
  }

  @Mutation(() => WebhookDeliveryType, { description: 'Sends one delivery again now (same webhook-id)' })
  resendWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.resendDelivery(ctx, id);
  }

  @Mutation(() => WebhookReplayType, { description: 'Sends again every event from since until until (default: now) the endpoint would receive' })
  async replayWebhookEvents(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('since', () => Date) since: Date,
    @Arg('until', () => Date, { nullable: true }) until: Date | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { queued: await ctx.services.webhooks.replayEvents(ctx, { endpointId, since, until: until ?? undefined }) };
  }
}
