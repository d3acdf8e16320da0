import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { type Booking, BookingType } from '../bookings';
import { avatarUrlOf } from '../profiles';
import type { BrandView } from './brands.service';
import { BrandType } from './brands.types';

@Resolver(() => BrandType)
export class BrandsResolver {
  @Query(() => BrandType, { description: "A brand's public profile (no sign-in needed); NOT_FOUND for an unknown id" })
  brand(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.brands.getBrand(ctx, id);
  }

  @FieldResolver(() => String, { nullable: true, description: "The brand's logo at about `size` px (as Profile.avatarUrl); null: show initials" })
  avatarUrl(@Root() brand: BrandView, @Arg('size', () => Int, { defaultValue: 160 }) size: number) {
    return avatarUrlOf(brand, size);
  }

  @FieldResolver(() => Int, { description: 'Bookings the brand completed on CollabHub (batched: one statement per list)' })
  completedBookings(@Root() brand: BrandView, @Ctx() ctx: GraphQLContext) {
    return ctx.services.brands.completedBookings(ctx, brand);
  }
}

/** Who booked, as the creator's booking card shows it. */
@Resolver(() => BookingType)
export class BookingBrandResolver {
  @FieldResolver(() => BrandType, { nullable: true, description: 'The brand that booked (null when the booker has no public brand profile); read with the card' })
  brand(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.brands.brandOfBooking(ctx, booking);
  }
}
