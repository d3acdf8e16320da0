import { slotBookable } from '../../profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict } from '../../../platform/shared/errors';
import type { Profile } from '../../profiles';
import { Dispute, DisputeKind, DisputeResolution } from '../dispute.entity';
import type { Booking } from '../booking.entity';
import { freeBookingSlots } from '../booking-slots';
import { BookingAction, type Actor, type BookingState, type CancellationReasonCode } from './booking.model';
import { confirmationDeadlineFor } from './policy';

/**
 * Each action's own writes beyond the state and the money (a cancellation reason, a dispute row,
 * the new hours of a rescheduled request, support's decision), declared here beside the
 * transitions table as data: the runner looks them up by action; no service registers anything
 * at construction. A money move keeps its details in the claimed step, so a move finished by the
 * sweep after a crash writes them too.
 */

/** What a transition did, handed to the action's own writes (dispute row, reason, flags). */
export interface AppliedTransition {
  em: EntityManager;
  booking: Booking;
  creator: Profile;
  actor: Actor;
  /** Who made the move (null for the system). */
  actingUserId: string | null;
  previous: BookingState;
  now: Date;
  /** The booker's name, when the booking's read brought it (the event needs it). */
  bookerName?: string | null;
}

export type OwnWrites<D> = (t: AppliedTransition, details: D) => Promise<void> | void;

/** DECLINE and CANCEL: the reason given (CANCEL: its code from the short list too). */
export interface ReasonDetails {
  reason: string;
  code?: CancellationReasonCode | null;
}

/** OPEN_DISPUTE and REPORT_NO_SHOW: the opener's statement. */
export interface DisputeDetails {
  reason: string;
  evidence: string | null;
}

/** RESCHEDULE: the accepted proposed hours (ISO). */
export interface RescheduleDetails {
  startTime: string;
  endTime: string;
}

/** RESOLVE_*: support's decision on the dispute. */
export interface ResolutionDetails {
  disputeId: string;
  resolution: DisputeResolution;
  note: string | null;
}

/** A creator with this many no-show reports is suspended. */
export const NO_SHOW_SUSPENSION_FLAGS = 3;

export const RESCHEDULE_MESSAGES = {
  taken: 'Those hours were taken meanwhile. Ask the creator to propose another time.',
  onlyParties: 'Only the creator or the booker of this booking can propose another time',
  sameLength: (hours: number) => `endTime: the new time must be as long as the booking (${hours} hour${hours === 1 ? '' : 's'})`,
  notFree: 'Those hours are not free in your availability',
  notFreeForBooker: "Those hours are not free in the creator's availability",
  same: 'That is the booking’s current time',
  inPast: 'The new time must be in the future',
};

const HOUR = 3_600_000;

const recordReason: OwnWrites<ReasonDetails> = ({ booking }, { reason, code }) => {
  booking.cancellationReason = reason;
  booking.cancellationCode = code ?? null;
};

const recordConfirmation: OwnWrites<unknown> = ({ booking, actor }) => {
  if (actor === 'creator') booking.creatorConfirmed = true;
  else booking.bookerConfirmed = true;
};

const openDispute = (kind: DisputeKind): OwnWrites<DisputeDetails> => async ({ em, booking, creator, actingUserId, now }, details) => {
  const noShow = kind === DisputeKind.CREATOR_NO_SHOW;
  em.create(Dispute, {
    bookingId: booking.id,
    openedBy: actingUserId!,
    kind,
    reason: details.reason,
    evidence: details.evidence,
    createdAt: now,
    ...(noShow ? { resolution: DisputeResolution.REFUND_FULL, refundCents: booking.refundCents, resolutionNote: 'Automatic full refund: creator no-show', resolvedAt: now } : {}),
  });
  if (noShow) {
    booking.cancellationReason = `Creator no-show: ${details.reason}`;
    await em.execute(
      `update profiles set no_show_flags = no_show_flags + 1,
         suspended_at = case when no_show_flags + 1 >= ? then coalesce(suspended_at, ?) else suspended_at end
       where id = ?`,
      [NO_SHOW_SUSPENSION_FLAGS, now, creator.id],
    );
  }
};

/** The old hours are freed and the new ones taken in the move's transaction (the exclusion constraint refuses taken hours). */
const moveToNewHours: OwnWrites<RescheduleDetails> = async ({ em, booking, now }, details) => {
  const startTime = new Date(details.startTime);
  const endTime = new Date(details.endTime);
  if ((endTime.getTime() - startTime.getTime()) / HOUR !== booking.totalHours) throw badInput(RESCHEDULE_MESSAGES.sameLength(booking.totalHours), 'endTime');
  await freeBookingSlots(em, booking.id, now);
  const taken = await em.execute<{ id: string }[]>(
    `update availability_slots set is_booked = true, booking_id = ?, updated_at = ?
     where streamer_id = ? and start_time >= ? and end_time <= ? and is_booked = false
       and ${slotBookable('availability_slots', '?')} returning id`,
    [booking.id, now, booking.creator.id, startTime, endTime, now],
  );
  if (taken.length !== booking.totalHours) throw conflict(RESCHEDULE_MESSAGES.taken);
  booking.startTime = startTime;
  booking.endTime = endTime;
  booking.confirmationDeadline = confirmationDeadlineFor(endTime, booking.policy);
};

/** Support's decision is written with the move (and, after a crash mid-refund, by the sweep that finishes it). */
const recordResolution: OwnWrites<ResolutionDetails> = async ({ em, booking, actingUserId, now }, details) => {
  const row = await em.findOneOrFail(Dispute, { id: details.disputeId });
  row.resolution = details.resolution;
  row.refundCents = booking.refundCents;
  row.resolutionNote = details.note;
  row.resolvedBy = actingUserId;
  row.resolvedAt = now;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const MOVE_WRITES: Partial<Record<BookingAction, OwnWrites<any>>> = {
  [BookingAction.DECLINE]: recordReason,
  [BookingAction.CANCEL]: recordReason,
  [BookingAction.CONFIRM_COMPLETION]: recordConfirmation,
  [BookingAction.OPEN_DISPUTE]: openDispute(DisputeKind.GENERAL),
  [BookingAction.REPORT_NO_SHOW]: openDispute(DisputeKind.CREATOR_NO_SHOW),
  [BookingAction.RESCHEDULE]: moveToNewHours,
  [BookingAction.RESOLVE_REFUND_FULL]: recordResolution,
  [BookingAction.RESOLVE_REFUND_PARTIAL]: recordResolution,
  [BookingAction.RESOLVE_RELEASE]: recordResolution,
};
