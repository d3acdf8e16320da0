import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ApiKeyStatus, type ApiKeyUsageHour, type ApiKeyView } from './partners.service';

registerEnumType(ApiKeyStatus, { name: 'ApiKeyStatus', description: 'ACTIVE keys authenticate; EXPIRED and REVOKED ones are refused' });

@ObjectType('ApiKey', { description: 'A partner API key (the secret itself is shown only once, at creation)' })
export class ApiKeyType implements ApiKeyView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: 'The account the key acts as' })
  userId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The first characters of the key, e.g. chk_live_AbCd1234, to tell keys apart' })
  prefix!: string;

  @Field(() => ApiKeyStatus)
  status!: ApiKeyStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'Written in batches: up to about 10 seconds behind' })
  lastUsedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'null: never expires' })
  expiresAt!: Date | null;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field(() => Int, { description: 'Requests per minute the key may make (then RATE_LIMITED)' })
  rateLimitPerMinute!: number;
}

@ObjectType('ApiKeyUsageHour', { description: 'Requests made with a key in one hour' })
export class ApiKeyUsageHourType implements ApiKeyUsageHour {
  @Field(() => Date, { description: 'The start of the hour (UTC)' })
  hour!: Date;

  @Field(() => Int)
  requests!: number;
}

@ObjectType('CreatedApiKey')
export class CreatedApiKeyType {
  @Field(() => ApiKeyType)
  apiKey!: ApiKeyType;

  @Field(() => String, { description: 'Send as `x-api-key: <secret>` or `Authorization: Bearer <secret>`. Shown only now; store it safely' })
  secret!: string;
}

@InputType('CreateApiKeyInput')
export class CreateApiKeyInput {
  @Field(() => String, { description: 'What the key is for, e.g. "Agency dashboard"; at most 100 characters' })
  name!: string;

  @Field(() => Date, { nullable: true, description: 'Optional; must be in the future' })
  expiresAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'With two-step sign-in: a current code from the authenticator app (else TWO_FACTOR_REQUIRED)' })
  code?: string | null;
}
