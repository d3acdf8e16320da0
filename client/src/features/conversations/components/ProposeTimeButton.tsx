import { useProposeTime } from '../hooks/useProposeTime';
import { ProposeTimeDialog } from './ProposeTimeDialog';

/** "Propose another time" on a pending request's card (offered when the server lists PROPOSE_TIME). */
export function ProposeTimeButton({ booking }: { booking: { id: string; streamerId: string; startTime: string; endTime: string } }) {
  const { propose, proposing } = useProposeTime(booking.id);
  return <ProposeTimeDialog streamerId={booking.streamerId} booking={booking} onPropose={propose} proposing={proposing} />;
}
