import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../../platform/graphql/pagination.types';
import { WebhookDeliveryStatus } from './webhook-delivery.entity';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhooks.service';

registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'PENDING: queued or retrying; SUCCEEDED: the endpoint answered 2xx; FAILED: gave up after 3 days (or the endpoint was disabled)',
});

@ObjectType('WebhookEndpoint', { description: 'Where events are POSTed, signed with the endpoint\'s secret (Standard Webhooks)' })
export class WebhookEndpointType implements WebhookEndpointView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The owner; it receives events about its own bookings and profile, and public creator.* events' })
  userId!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String], { description: 'Dotted event types, e.g. booking.confirmed (see webhookEventTypes)' })
  eventTypes!: string[];

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Boolean, { description: 'false once disabled (by its owner, or after 3 days of failed deliveries)' })
  enabled!: boolean;

  @Field(() => Date, { nullable: true })
  disabledAt!: Date | null;

  @Field(() => String, { nullable: true })
  disabledReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'Since when every delivery has failed (null after a success)' })
  failingSince!: Date | null;

  @Field(() => Date, { nullable: true, description: 'After a rotation: until when deliveries are signed with the previous secret too' })
  previousSecretExpiresAt!: Date | null;
}

@ObjectType('CreatedWebhookEndpoint')
export class CreatedWebhookEndpointType {
  @Field(() => WebhookEndpointType)
  endpoint!: WebhookEndpointType;

  @Field(() => String, { description: 'The signing secret (whsec_…). Shown only now; store it safely' })
  secret!: string;
}

@ObjectType('HttpHeader')
export class HttpHeader {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('WebhookDelivery', { description: 'One event sent (or to be sent) to one endpoint; its id is the webhook-id header' })
export class WebhookDeliveryType implements WebhookDeliveryView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field(() => ID, { description: 'The event (the envelope\'s id)' })
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => Date)
  eventCreatedAt!: Date;

  @Field(() => WebhookDeliveryStatus)
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts since it was queued (or resent)' })
  attempts!: number;

  @Field(() => Date, { description: 'When it was queued (or resent / replayed)' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true })
  lastAttemptAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last attempt' })
  responseStatus!: number | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds the last attempt took' })
  responseTimeMs!: number | null;

  @Field(() => String, { nullable: true, description: 'The first 2 KB of the last answer' })
  responseBody!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed' })
  error!: string | null;

  @Field(() => String, { description: 'The exact JSON body sent (the envelope; its id is the event id)' })
  requestBody!: string;

  @Field(() => [HttpHeader], { nullable: true, description: 'The last attempt\'s request headers, webhook-signature included (null before the first attempt)' })
  requestHeaders!: Record<string, string> | null;

  @Field(() => [HttpHeader], { nullable: true, description: 'The last answer\'s headers (null when no answer came)' })
  responseHeaders!: Record<string, string> | null;

  @Field(() => Boolean, { description: 'Sent with "Send test event" (a webhook_endpoint.test event), not by something that happened' })
  test!: boolean;
}

@ObjectType('WebhookEventTypeInfo', { description: 'An event a webhook endpoint can receive: what it means and an example of its body' })
export class WebhookEventTypeInfo {
  @Field(() => String)
  type!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'An example envelope as JSON (pretty-printed)' })
  samplePayload!: string;

  @Field(() => Boolean, { description: 'false for webhook_endpoint.test: sent only by "Send test event"' })
  subscribable!: boolean;
}

@ObjectType('WebhookDeliveryEdge', { simpleResolvers: true })
export class WebhookDeliveryEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => WebhookDeliveryType)
  node!: WebhookDeliveryType;
}

@ObjectType('WebhookDeliveryConnection', { simpleResolvers: true })
export class WebhookDeliveryConnection {
  @Field(() => [WebhookDeliveryEdge])
  edges!: WebhookDeliveryEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('WebhookReplay')
export class WebhookReplayType {
  @Field(() => Int, { description: 'Events queued for sending again' })
  queued!: number;
}

@InputType('CreateWebhookEndpointInput')
export class CreateWebhookEndpointInput {
  @Field(() => String, { description: 'https URL (plain http only for localhost outside production)' })
  url!: string;

  @Field(() => [String], { description: 'At least one of webhookEventTypes' })
  eventTypes!: string[];

  @Field(() => String, { nullable: true, description: 'With two-step sign-in: a current code from the authenticator app (else TWO_FACTOR_REQUIRED)' })
  code?: string | null;
}

@InputType('UpdateWebhookEndpointInput')
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  eventTypes?: string[];

  @Field(() => Boolean, { nullable: true, description: 'false disables; true enables again (and clears the failure streak)' })
  enabled?: boolean;
}
