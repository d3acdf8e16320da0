import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBanknote,
  LuBell,
  LuCalendarClock,
  LuCalendarPlus,
  LuCalendarX,
  LuClipboardList,
  LuPackageCheck,
  LuFilePen,
  LuHandshake,
  LuKeyRound,
  LuMailCheck,
  LuMessageSquare,
  LuReceipt,
  LuScale,
  LuStar,
  LuTimer,
  LuWebhook,
} from 'react-icons/lu';
import type { EventTopic } from '../../../gql/graphql';
import { conversationPath } from '../../conversations/lib/paths';

/** The panel's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/**
 * The icon of each event topic in the bell (the server's event vocabulary, typed by `pnpm codegen`):
 * a new topic does not compile until it has one here.
 */
const NOTIFICATION_ICONS: Record<EventTopic, IconType> = {
  'message.created': LuMessageSquare,
  'booking.created': LuCalendarPlus,
  'booking.confirmed': LuBadgeCheck,
  'booking.completed': LuBadgeCheck,
  'booking.declined': LuCalendarX,
  'booking.expired': LuCalendarX,
  'booking.cancelled': LuCalendarX,
  'booking.time_proposed': LuCalendarClock,
  'booking.moved': LuCalendarClock,
  'booking.expiring': LuTimer,
  'booking.reminder': LuTimer,
  'booking.disputed': LuScale,
  'booking.resolved': LuScale,
  'payout.paid': LuBanknote,
  'payment.captured': LuReceipt,
  'review.created': LuStar,
  'brief.submitted': LuClipboardList,
  'brief.confirmed': LuClipboardList,
  'delivery.submitted': LuPackageCheck,
  'delivery.changes_requested': LuPackageCheck,
  'delivery.approved': LuBadgeCheck,
  'webhook_endpoint.disabled': LuWebhook,
  'webhook_endpoint.test': LuWebhook,
  'creator.updated': LuBell,
  'creator.availability_changed': LuBell,
  'account.verify_email': LuMailCheck,
  'account.password_reset': LuKeyRound,
  'account.password_changed': LuKeyRound,
  'account.email_change_requested': LuMailCheck,
  'offer.sent': LuFilePen,
  'offer.countered': LuFilePen,
  'offer.accepted': LuHandshake,
  'offer.declined': LuCalendarX,
  'offer.withdrawn': LuCalendarX,
  'offer.expired': LuTimer,
  'support.ticket_created': LuMailCheck,
};

/** The icon of a notification by its event topic (an unknown one, from a newer server: the bell). */
export function notificationIcon(type: EventTopic | string): IconType {
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_ICONS, type) ? NOTIFICATION_ICONS[type as EventTopic] : LuBell;
}

/** Where a notification leads: its conversation in Messages, else its booking in Bookings (a disabled webhook endpoint: the Developers tab, to enable it again). */
export function notificationLink(n: { type?: EventTopic | string; conversationId: string | null; bookingId: string | null }): string | null {
  if (n.type === 'webhook_endpoint.disabled') return '/dashboard?tab=developers';
  if (n.conversationId) return conversationPath(n.conversationId);
  if (n.bookingId) return `/dashboard?tab=bookings&booking=${encodeURIComponent(n.bookingId)}`;
  return null;
}
