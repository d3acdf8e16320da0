import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { OutboxConsumer } from '../../platform/outbox/outbox';
import type { Clock } from '../../platform/shared/clock';
import type { CalendarService } from '../calendar';
import { CalendarConnection } from './calendar-connection.entity';
import { putEvent, removeEvent, type CalDavTarget } from './caldav';

const CONSUMER = 'calendar-writeback';
const MAX_ATTEMPTS = 10;
const PER_RUN = 20;

/**
 * Write-back (issue 30 item 4): confirmed bookings become events in the creator's chosen CalDAV
 * calendar, with the e-mailed invite's own UID and SEQUENCE (the calendar feature's `inviteFor`,
 * the same text the e-mail carries, without its iTIP METHOD), replaced when the booking moves and
 * removed when it is cancelled. The outbox consumer queues one row per (booking event, write-back
 * connection) in the move's transaction; the worker (woken after the commit, and a sweep) PUTs or
 * DELETEs it, retried with back-off.
 */
export class CalendarWriteBack {
  constructor(
    private readonly deps: {
      clock: Clock;
      logger: Logger;
      calendar: CalendarService;
      organizer: () => { name: string; email: string };
      target: (connection: CalendarConnection) => CalDavTarget;
    },
  ) {}

  consumer(): OutboxConsumer {
    return {
      name: CONSUMER,
      topics: ['booking.confirmed', 'booking.moved', 'booking.cancelled'],
      statement: () => ({
        sql: `insert into calendar_writeback (event_id, connection_id, booking_id, created_at)
              select ev.id, c.id, ev.booking_id, ev.created_at from ev
                join calendar_connections c on c.streamer_id = (ev.payload->>'creatorId')::uuid and c.write_back and c.kind = 'caldav'
              returning 1`,
        params: [],
      }),
    };
  }

  readonly consumerName = CONSUMER;

  /** Carries out due rows, oldest first; returns how many were done. */
  async runDue(em: EntityManager): Promise<number> {
    const now = this.deps.clock.now();
    let done = 0;
    const rows = await em.execute<{ id: string; event_id: string; connection_id: string; booking_id: string; attempts: number }[]>(
      `select id, event_id, connection_id, booking_id, attempts from calendar_writeback
        where done_at is null and attempts < ? and (next_attempt_at is null or next_attempt_at <= ?) order by id limit ?`,
      [MAX_ATTEMPTS, now, PER_RUN],
    );
    for (const row of rows) {
      // One worker per row: the claim moves its next attempt on (another instance skips it meanwhile).
      const claimed = await em.execute(`update calendar_writeback set next_attempt_at = ? where id = ? and done_at is null and (next_attempt_at is null or next_attempt_at <= ?) returning id`, [
        new Date(now.getTime() + 60_000), row.id, now,
      ]);
      if (claimed.length === 0) continue;
      try {
        await this.carryOut(em, row);
        await em.execute('update calendar_writeback set done_at = ?, last_error = null where id = ?', [this.deps.clock.now(), row.id]);
        done++;
      } catch (err) {
        const attempts = row.attempts + 1;
        const wait = Math.min(3600, 15 * 2 ** attempts) * 1000;
        const message = String((err as Error)?.message ?? err).slice(0, 300);
        this.deps.logger.info({ writebackId: row.id, err: message }, 'calendar write-back failed; retried later');
        await em.execute('update calendar_writeback set attempts = ?, last_error = ?, next_attempt_at = ? where id = ?', [
          attempts, message, new Date(this.deps.clock.now().getTime() + wait), row.id,
        ]);
      }
    }
    return done;
  }

  private async carryOut(em: EntityManager, row: { event_id: string; connection_id: string; booking_id: string }) {
    const connection = await em.findOne(CalendarConnection, { id: row.connection_id });
    if (!connection) return;
    const [creator] = await em.execute<{ user_id: string; display_name: string; email: string }[]>(
      'select p.user_id, p.display_name, u.email from profiles p join users u on u.id = p.user_id where p.id = ?',
      [connection.creatorId],
    );
    if (!creator) return;
    const invite = await this.deps.calendar.inviteFor(em, row.event_id, creator.user_id, this.deps.organizer(), { name: creator.display_name, email: creator.email });
    const [written] = await em.execute<{ object_url: string; etag: string | null }[]>(
      'select object_url, etag from calendar_written_events where booking_id = ? and connection_id = ?',
      [row.booking_id, connection.id],
    );
    const target = this.deps.target(connection);
    if (invite?.method === 'REQUEST') {
      const uid = /^UID:(.+)$/m.exec(invite.content)?.[1]?.trim() ?? `${row.booking_id}@collabhub`;
      const sequence = Number(/^SEQUENCE:(\d+)/m.exec(invite.content)?.[1] ?? 0);
      // A stored calendar object carries no iTIP METHOD (RFC 4791 §4.1).
      const ics = invite.content.replace(/^METHOD:[^\r\n]*\r?\n/m, '');
      const put = await putEvent(target, uid, ics, written ? { url: written.object_url, etag: written.etag } : null);
      await em.execute(
        `insert into calendar_written_events (booking_id, connection_id, object_url, etag, sequence) values (?, ?, ?, ?, ?)
         on conflict (booking_id, connection_id) do update set object_url = excluded.object_url, etag = excluded.etag, sequence = excluded.sequence`,
        [row.booking_id, connection.id, put.url, put.etag, sequence],
      );
    } else if (invite?.method === 'CANCEL' && written) {
      await removeEvent(target, written.object_url);
      await em.execute('delete from calendar_written_events where booking_id = ? and connection_id = ?', [row.booking_id, connection.id]);
    }
  }
}
