import { Directive, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { INHERIT_HINT } from '../../platform/graphql/cache-policy';
import { PageInfo } from '../../platform/graphql/pagination.types';
import { AccountType } from '../users';
import { CreatorSort } from './creator-search';
import { SocialPlatform } from './profile.inputs';
import type { ProfileView } from './profile.view';

registerEnumType(SocialPlatform, { name: 'Platform', description: 'Where a creator streams or posts' });
registerEnumType(CreatorSort, {
  name: 'CreatorSort',
  description: 'Creator listing order (ties broken by id, so pages are stable)',
  valuesConfig: {
    RATING: { description: 'Highest average rating first (default)' },
    PRICE_ASC: { description: 'Cheapest hourly rate first' },
    PRICE_DESC: { description: 'Most expensive hourly rate first' },
    BOOKINGS: { description: 'Most bookings first' },
    RECOMMENDED: {
      description: 'Best rated first, by a Bayesian average (every creator counted as if it had 3 more reviews of 4 stars), so creators without reviews are not buried',
    },
    SOONEST: { description: 'Soonest free first: the creator whose next bookable hour starts earliest; creators with no free hour last' },
  },
});

// simpleResolvers: plain property fields skip type-graphql's per-field wrapper (hot: 20 per listing page).
@Directive(INHERIT_HINT)
@ObjectType('Profile', { description: 'A creator (streamer) or brand profile', simpleResolvers: true })
export class ProfileType implements ProfileView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => AccountType)
  accountType!: AccountType;

  @Field(() => String, { description: 'Creator name, or the brand name for brands' })
  displayName!: string;

  @Field(() => String, { nullable: true, description: "Creator bio, or a brand's about text" })
  bio!: string | null;

  @Field(() => String, { nullable: true, description: 'An image URL the profile gave; avatarUrl is what to show' })
  profileImageUrl!: string | null;

  /** The uploaded photo's sizes (not in the schema: read through avatarUrl). */
  photo!: Record<string, string> | null;

  @Field(() => Boolean)
  isVerified!: boolean;

  @Field(() => Float, { description: '0 when there are no reviews yet' })
  averageRating!: number;

  @Field(() => Int)
  reviewCount!: number;

  @Field(() => Int)
  totalBookings!: number;

  @Field(() => [SocialPlatform])
  platforms!: SocialPlatform[];

  @Field(() => Int, { nullable: true, description: 'Creators only; null for brands' })
  hourlyRateCents!: number | null;

  @Field(() => Int)
  minimumHours!: number;

  @Field(() => Boolean, {
    description: 'Bookable now: the creator accepts bookings, is not suspended and has at least one free future slot',
  })
  isAvailable!: boolean;

  @Field(() => String, { nullable: true })
  twitchUsername!: string | null;

  @Field(() => String, { nullable: true })
  youtubeHandle!: string | null;

  @Field(() => String, { nullable: true })
  tiktokHandle!: string | null;

  @Field(() => String, { nullable: true })
  instagramHandle!: string | null;

  @Field(() => String, { description: "IANA time zone of the profile's owner, e.g. Europe/Berlin" })
  timezone!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@Directive(INHERIT_HINT)
@ObjectType('CreatorEdge', { simpleResolvers: true })
export class CreatorEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => ProfileType)
  node!: ProfileType;
}

@Directive(INHERIT_HINT)
@ObjectType('CreatorConnection', { simpleResolvers: true })
export class CreatorConnection {
  @Field(() => [CreatorEdge])
  edges!: CreatorEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  /** `totalCount` is resolved by CreatorConnectionResolver (counted only when asked). */
}

@InputType('CreatorFilter')
export class CreatorFilter {
  @Field(() => SocialPlatform, { nullable: true })
  platform?: SocialPlatform | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive match on name, bio and handles' })
  search?: string | null;

  @Field(() => Int, { nullable: true })
  minRateCents?: number | null;

  @Field(() => Int, { nullable: true })
  maxRateCents?: number | null;

  @Field(() => Float, { nullable: true, description: '0 to 5' })
  minRating?: number | null;

  @Field(() => Date, { nullable: true, description: 'With availableTo: has a free slot inside this window' })
  availableFrom?: Date | null;

  @Field(() => Date, { nullable: true })
  availableTo?: Date | null;
}

/** Fields a profile owner may set. Rating, counts and verification are maintained by the server. */
@InputType('UpdateProfileInput')
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'Creator name, or the brand name for brands' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: "Bio, or a brand's about text" })
  bio?: string | null;

  @Field(() => String, { nullable: true })
  profileImageUrl?: string | null;

  @Field(() => Int, { nullable: true, description: 'Creators: at least 100 (= $1.00); default 5000' })
  hourlyRateCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'Creators: 1 to 8; default 1' })
  minimumHours?: number | null;

  @Field(() => [SocialPlatform], { nullable: true, description: 'Creators: at least one; each needs its handle' })
  platforms?: SocialPlatform[] | null;

  @Field(() => String, { nullable: true })
  twitchUsername?: string | null;

  @Field(() => String, { nullable: true })
  youtubeHandle?: string | null;

  @Field(() => String, { nullable: true })
  tiktokHandle?: string | null;

  @Field(() => String, { nullable: true })
  instagramHandle?: string | null;

  @Field(() => String, { nullable: true, description: 'IANA time zone; UTC when not given' })
  timezone?: string | null;
}

@InputType('CreateProfileInput')
export class CreateProfileInput extends UpdateProfileInput {
  @Field(() => String, { description: 'Creator name, or the brand name for brands' })
  override displayName!: string;
}
