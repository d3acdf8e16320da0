import type { ServiceContext } from '../../platform/shared/context';

/** What conversations need to know of a booking (implemented by features/bookings: BookingReschedule). */
export interface BookingPartiesView {
  bookingId: string;
  clientUserId: string;
  creatorProfileId: string;
  creatorUserId: string;
  status: string;
  paymentStatus: string;
  startTime: Date;
  endTime: Date;
  totalHours: number;
}

/** The booking process as the conversations feature uses it: read a booking's parties, check and apply a proposed time. */
export interface BookingPort {
  partiesOf(em: ServiceContext['em'], bookingId: string): Promise<BookingPartiesView | null>;
  /** Throws (with the reason) unless the viewer may propose these hours now; answers the parsed times. */
  checkProposal(ctx: ServiceContext, bookingId: string, input: { startTime: unknown; endTime: unknown }, now: Date): Promise<{ startTime: Date; endTime: Date; booking: BookingPartiesView }>;
  /** Moves the booking to the hours through the state machine, in ctx.em's transaction. */
  reschedule(ctx: ServiceContext, bookingId: string, times: { startTime: Date; endTime: Date }): Promise<void>;
  /** After the booker accepted the creator's proposed time for a pending request: the request is accepted (outside any transaction). */
  confirmAcceptedProposal(ctx: ServiceContext, bookingId: string): Promise<void>;
}
