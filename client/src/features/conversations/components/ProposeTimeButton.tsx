import { useProposeTime } from '../hooks/useProposeTime';
import { ProposeTimeDialog } from './ProposeTimeDialog';

/** "Propose another time" on a pending request's card (offered when the server lists PROPOSE_TIME). */
export function ProposeTimeButton({ booking }: { booking: { id: string; creatorId: string; startTime: string; endTime: string } }) {
  const { propose, proposing } = useProposeTime(booking.id);
  return <ProposeTimeDialog creatorId={booking.creatorId} booking={booking} onPropose={propose} proposing={proposing} />;
}
