/** The GraphQL operations the scenarios send (shaped like the web client's own). */

export const PARTNER_LISTING = `query PartnerListing($platform: Platform!, $after: String) {
  creators(first: 20, filter: { platform: $platform }, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node {
        id displayName profileImageUrl isVerified averageRating reviewCount totalBookings platforms hourlyRateCents
        minimumHours isAvailable
        nextFreeSlots(first: 5) { id startTime endTime }
        latestReviews(first: 3) { id rating comment reviewerName createdAt }
      }
    }
  }
}`;

/** The creator page in one request: profile, the next 7 days of slots and the 10 newest reviews. */
export const CREATOR_PAGE = `query CreatorPage($id: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
  creator(id: $id) {
    id userId displayName bio profileImageUrl averageRating reviewCount totalBookings hourlyRateCents minimumHours
    platforms isVerified isAvailable timezone
  }
  availabilitySlots(creatorId: $id, from: $from, to: $to) { id creatorId startTime endTime isBooked }
  reviews(creatorId: $id, first: 10) {
    totalCount
    edges { node { id rating comment reviewerName createdAt } }
  }
}`;

export const CREATE_CHECKOUT = `mutation CreateBookingCheckout($input: CreateBookingCheckoutInput!) {
  createBookingCheckout(input: $input) {
    checkoutUrl
    paymentIntentId
    booking { id status paymentStatus }
  }
}`;

export const CANCEL_BOOKING = `mutation CancelBooking($input: CancelBookingInput!) {
  cancelBooking(input: $input) { id status paymentStatus }
}`;

/** The dashboard's live booking list (client: LiveBookingUpdates with BookingCard_booking). */
export const BOOKING_UPDATES = `subscription LiveBookingUpdates {
  bookingUpdated {
    id creatorId bookerId startTime endTime totalHours hourlyRateCents totalCents feeCents creatorAmountCents
    refundCents status paymentStatus paymentIntentId bookingDetails creatorConfirmed bookerConfirmed
    confirmationDeadline cancellationReason cancelledAt completedAt createdAt viewerRole availableActions
    creator { id userId displayName profileImageUrl }
    booker { id name email }
    dispute { id kind reason evidence respondentStatement openedBy resolution refundCents resolutionNote createdAt resolvedAt }
  }
}`;

export const gqlBody = (query: string, variables: Record<string, unknown>) => JSON.stringify({ query, variables });
