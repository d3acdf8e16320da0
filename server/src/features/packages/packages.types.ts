import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('PackageDeliverables', { description: 'What a package delivers' })
export class PackageDeliverablesType {
  @Field(() => Int, { description: 'A sponsored segment in the creator’s stream, in minutes' })
  liveMinutes!: number;

  @Field(() => Int)
  costreamHours!: number;

  @Field(() => Int)
  clips!: number;

  @Field(() => Int)
  posts!: number;

  @Field(() => Int, { description: 'Days the brand’s overlay is shown on stream' })
  overlayDays!: number;
}

@ObjectType('Package', { description: 'A creator’s product at a fixed price. Money in cents.' })
export class PackageType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  creatorId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  description!: string;

  @Field(() => PackageDeliverablesType)
  deliverables!: PackageDeliverablesType;

  @Field(() => String, { description: 'The deliverables in words' })
  summary!: string;

  @Field(() => Int)
  priceCents!: number;

  @Field(() => Int, { description: 'Days between the purchase and the earliest start or due date' })
  leadTimeDays!: number;

  @Field(() => Int)
  revisionsIncluded!: number;

  @Field(() => [String])
  platforms!: string[];

  @Field(() => Boolean)
  active!: boolean;

  @Field(() => Int, { description: 'Whole hours it takes in the creator’s calendar; 0: bought with a due date' })
  scheduledHours!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@InputType()
export class PackageDeliverablesInput {
  @Field(() => Int, { nullable: true })
  liveMinutes?: number;

  @Field(() => Int, { nullable: true })
  costreamHours?: number;

  @Field(() => Int, { nullable: true })
  clips?: number;

  @Field(() => Int, { nullable: true })
  posts?: number;

  @Field(() => Int, { nullable: true })
  overlayDays?: number;
}

@InputType()
export class CreatePackageInput {
  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => PackageDeliverablesInput)
  deliverables!: PackageDeliverablesInput;

  @Field(() => Int)
  priceCents!: number;

  @Field(() => Int, { nullable: true })
  leadTimeDays?: number;

  @Field(() => Int, { nullable: true })
  revisionsIncluded?: number;

  @Field(() => [String], { nullable: true })
  platforms?: string[];

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}

@InputType({ description: 'The fields to change' })
export class UpdatePackageInput {
  @Field(() => String, { nullable: true })
  title?: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => PackageDeliverablesInput, { nullable: true })
  deliverables?: PackageDeliverablesInput;

  @Field(() => Int, { nullable: true })
  priceCents?: number;

  @Field(() => Int, { nullable: true })
  leadTimeDays?: number;

  @Field(() => Int, { nullable: true })
  revisionsIncluded?: number;

  @Field(() => [String], { nullable: true })
  platforms?: string[];

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}

@InputType()
export class PackageCheckoutInput {
  @Field(() => ID)
  packageId!: string;

  @Field(() => Date, { nullable: true, description: 'A package with live parts: the first of its free hours' })
  startTime?: Date | null;

  @Field(() => Date, { nullable: true, description: 'A package without live parts: when it is due' })
  dueAt?: Date | null;

  @Field(() => String, { nullable: true })
  bookingDetails?: string | null;

  @Field(() => String, { nullable: true })
  idempotencyKey?: string | null;
}
