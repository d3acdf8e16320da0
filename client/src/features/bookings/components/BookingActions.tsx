import { Button, Flex } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { BookingCard_BookingFragment } from '../../../gql/graphql';
import { useAcceptBooking } from '../hooks/useAcceptBooking';
import { useConfirmCompletion } from '../hooks/useConfirmCompletion';
import { useRequestPayout } from '../hooks/useRequestPayout';
import { can } from '../lib/booking-view';
import { ProposeTimeButton } from '../../conversations/components/ProposeTimeButton';
import { CancelBookingDialog } from './CancelBookingDialog';
import { DeclineBookingDialog } from './DeclineBookingDialog';
import { DisputeDialog } from './DisputeDialog';
import { RespondToDisputeDialog } from './RespondToDisputeDialog';
import { ReviewDialog } from './ReviewDialog';

interface Props {
  booking: BookingCard_BookingFragment;
  creatorSide: boolean;
  counterpart: string;
}

/** The moves the server says the viewer may make now (`availableActions`); no rule is decided here. */
export function BookingActions({ booking, creatorSide, counterpart }: Props) {
  const { accept, accepting } = useAcceptBooking();
  const { confirmCompletion, confirming } = useConfirmCompletion();
  const { requestPayout, paying } = useRequestPayout();
  const group = useRef<HTMLDivElement>(null);
  // After Accept or Decline the pressed button is gone: focus stays on this booking's actions
  // (its next move, else the group itself) instead of falling back to the top of the page.
  const keepFocus = () =>
    requestAnimationFrame(() => {
      const node = group.current;
      if (!node) return;
      const next = node.hidden ? null : node.querySelector<HTMLElement>('button, a');
      const card = node.closest<HTMLElement>('article');
      if (card && !card.hasAttribute('tabindex')) card.tabIndex = -1;
      (next ?? card ?? node).focus();
    });

  const dispute = booking.dispute;
  const mySide = creatorSide ? 'CREATOR' : 'BOOKER';
  const canRespond =
    booking.status === 'DISPUTED' &&
    dispute &&
    !dispute.resolvedAt &&
    !dispute.respondentStatement &&
    dispute.openedBy !== mySide;

  const buttons = [
    can(booking, 'PAY') && booking.paymentIntentId && (
      <Button key="pay" size="sm" asChild>
        <Link
          to={`/stripe-checkout?booking_id=${booking.id}&payment_intent=${encodeURIComponent(booking.paymentIntentId)}`}
        >
          Complete Payment
        </Link>
      </Button>
    ),
    can(booking, 'ACCEPT') && (
      <Button key="accept" size="sm" colorPalette="green" loading={accepting} onClick={() => void accept(booking.id).then(keepFocus)}>
        Accept
      </Button>
    ),
    can(booking, 'DECLINE') && (
      <DeclineBookingDialog key="decline" bookingId={booking.id} bookerName={counterpart} onDeclined={keepFocus} />
    ),
    can(booking, 'PROPOSE_TIME') && <ProposeTimeButton key="propose" booking={booking} />,
    can(booking, 'CONFIRM_COMPLETION') && (
      <Button key="complete" size="sm" loading={confirming} onClick={() => void confirmCompletion(booking.id)}>
        Confirm completion
      </Button>
    ),
    can(booking, 'REQUEST_PAYOUT') && (
      <Button
        key="payout"
        size="sm"
        colorPalette="green"
        loading={paying}
        onClick={() => void requestPayout(booking.id)}
      >
        Confirm Payout
      </Button>
    ),
    (can(booking, 'OPEN_DISPUTE') || can(booking, 'REPORT_NO_SHOW')) && (
      <DisputeDialog
        key="dispute"
        bookingId={booking.id}
        canDispute={can(booking, 'OPEN_DISPUTE')}
        canReportNoShow={can(booking, 'REPORT_NO_SHOW')}
      />
    ),
    canRespond && dispute && <RespondToDisputeDialog key="respond" disputeId={dispute.id} />,
    can(booking, 'CANCEL') && <CancelBookingDialog key="cancel" booking={booking} creatorSide={creatorSide} />,
    can(booking, 'REVIEW') && <ReviewDialog key="review" bookingId={booking.id} revieweeName={counterpart} />,
  ].filter(Boolean);

  return (
    <Flex ref={group} tabIndex={-1} outline="none" gap="2" wrap="wrap" role="group" aria-label="Booking actions" hidden={buttons.length === 0}>
      {buttons}
    </Flex>
  );
}
