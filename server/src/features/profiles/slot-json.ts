import { iso, type Columns } from '../../platform/graphql/compiled-sql';

/** A slot's GraphQL fields (`AvailabilitySlot`) as SQL on a row `f` of availability_slots, for compiled reads. */
export const SLOT_FIELDS: Columns = {
  id: () => 'f.id',
  creatorId: () => 'f.streamer_id',
  streamerId: () => 'f.streamer_id', // creatorId's deprecated name
  startTime: () => iso('f.start_time'),
  endTime: () => iso('f.end_time'),
  isBooked: () => 'f.is_booked',
};
