import type { ServiceContext } from '../../platform/shared/context';
import type { LoaderCache } from '../../platform/shared/loaders';
import type { Services } from '../../platform/module';
import type { BookerBrand, LoaderContext } from '../bookings';
import type { Booking } from '../bookings';

/**
 * A brand as creators see it: its name, logo, about text, since when it is a member, its rating as
 * reviewed by creators (revealed reviews only: the profile's rating is recomputed when reviews are
 * revealed) and how many bookings it completed.
 */
export interface BrandView {
  /** The brand's profile id (its page: /brand/{id}). */
  id: string;
  userId: string;
  displayName: string;
  about: string | null;
  profileImageUrl: string | null;
  photo: Record<string, string> | null;
  averageRating: number;
  reviewCount: number;
  memberSince: Date;
}

/** What a brand view is made of: a brand's profile, as profiles reads it or as a booking card read it. */
type BrandProfile = Pick<BookerBrand, 'id' | 'userId' | 'displayName' | 'bio' | 'profileImageUrl' | 'photo' | 'averageRating' | 'reviewCount' | 'createdAt'>;

const brandView = (p: BrandProfile): BrandView => ({
  id: p.id,
  userId: p.userId,
  displayName: p.displayName,
  about: p.bio,
  profileImageUrl: p.profileImageUrl,
  photo: p.photo,
  averageRating: p.averageRating,
  reviewCount: p.reviewCount,
  memberSince: p.createdAt,
});

/**
 * Public brand profiles: the brand page (GraphQL `brand`, REST `GET /brands/{id}`), the booker's
 * brand on a booking card and the client's brand in a conversation header. The profile is read
 * through profiles' front door, the completed bookings through bookings', each batched per request.
 */
export class BrandsService {
  constructor(private readonly deps: { profiles: () => Services['profiles']; bookings: () => Services['bookings'] }) {}

  /** A brand's public page; NOT_FOUND "Brand not found" for an unknown id, a creator or a suspended brand. */
  async getBrand(ctx: ServiceContext, id: string): Promise<BrandView> {
    return brandView(await this.deps.profiles().getPublicBrand(ctx, id));
  }

  /** The public brand of a user (a conversation's client), or null when they have none; batched per request. */
  async brandOfUser(ctx: LoaderContext, userId: string): Promise<BrandView | null> {
    const p = await this.deps.profiles().brandOfUser(ctx, userId);
    return p ? brandView(p) : null;
  }

  /** The brand that booked, or null when the booker is not a (public) brand; read with the booking's card. */
  async brandOfBooking(ctx: LoaderContext, booking: Booking): Promise<BrandView | null> {
    const p = await this.deps.bookings().bookerBrandOf(ctx, booking);
    return p ? brandView(p) : null;
  }

  /** Bookings the brand completed (completed or auto-completed), batched per request. */
  completedBookings(ctx: ServiceContext & { loaders: LoaderCache }, brand: BrandView): Promise<number> {
    return this.deps.bookings().completedAsBooker(ctx, brand.userId);
  }
}
