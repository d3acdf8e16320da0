import { UUID_RE } from '../../platform/shared/pagination';
import type { FileScope } from '../files';

/** Files attached to a booking (its brief, its deliveries) are read by its two parties and by support, as the booking itself. */
export const bookingFileScope: FileScope = {
  scope: 'booking',
  async canRead(em, viewer, bookingId) {
    if (!UUID_RE.test(bookingId)) return false;
    const [row] = await em.execute<{ booker_id: string; creator_user_id: string }[]>(
      'select b.booker_id, p.user_id as creator_user_id from bookings b join profiles p on p.id = b.streamer_id where b.id = ?',
      [bookingId],
    );
    if (!row) return false;
    return viewer.role === 'support' || row.booker_id === viewer.id || row.creator_user_id === viewer.id;
  },
};
