import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { INHERIT_HINT } from '../../platform/graphql/cache-policy';
import { PageInfo } from '../../platform/graphql/pagination.types';
import type { ReviewView } from './reviews.service';

@Directive(INHERIT_HINT)
@ObjectType('Review', { description: 'A rating (1-5) one party of a completed booking gave the other', simpleResolvers: true })
export class ReviewType implements ReviewView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  bookingId!: string;

  @Field(() => ID, { description: "The booking's creator profile" })
  @Field(() => ID, { name: 'streamerId', deprecationReason: 'Use creatorId', simple: false })
  creatorId!: string;

  @Field(() => ID)
  reviewerId!: string;

  @Field(() => ID)
  revieweeId!: string;

  @Field(() => Int)
  rating!: number;

  @Field(() => String, { nullable: true })
  comment!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { description: "The reviewer's profile name, or \"Client\"" })
  reviewerName!: string;
}

@Directive(INHERIT_HINT)
@ObjectType('ReviewEdge', { simpleResolvers: true })
export class ReviewEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => ReviewType)
  node!: ReviewType;
}

@Directive(INHERIT_HINT)
@ObjectType('ReviewConnection', { simpleResolvers: true })
export class ReviewConnection {
  @Field(() => [ReviewEdge])
  edges!: ReviewEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int)
  totalCount!: number;
}

@InputType('CreateReviewInput')
export class CreateReviewInput {
  @Field(() => ID, { description: 'A completed (or auto-completed) booking you are a party of' })
  bookingId!: string;

  @Field(() => Int, { description: '1 to 5 stars' })
  rating!: number;

  @Field(() => String, { nullable: true, description: 'Optional; trimmed; at most 2000 characters' })
  comment?: string | null;
}
