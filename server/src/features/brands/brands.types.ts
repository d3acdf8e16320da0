import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { INHERIT_HINT } from '../../platform/graphql/cache-policy';
import type { BrandView } from './brands.service';

@Directive(INHERIT_HINT)
@ObjectType('Brand', { description: 'A brand as creators see it: its public page, and who booked on a booking card', simpleResolvers: true })
export class BrandType implements BrandView {
  @Field(() => ID, { description: "The brand's profile id (its page: /brand/{id})" })
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String, { description: 'The brand name' })
  displayName!: string;

  @Field(() => String, { nullable: true, description: "The brand's about text, as it wrote it (plain text)" })
  about!: string | null;

  /** Read through avatarUrl. */
  profileImageUrl!: string | null;

  /** The uploaded logo's sizes (read through avatarUrl). */
  photo!: Record<string, string> | null;

  @Field(() => Float, { description: 'Average of the revealed reviews creators wrote about the brand; 0 when there is none' })
  averageRating!: number;

  @Field(() => Int, { description: 'Revealed reviews creators wrote about the brand (double-blind: hidden ones do not count)' })
  reviewCount!: number;

  @Field(() => Date, { description: 'When the brand made its profile' })
  memberSince!: Date;
}
