import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBanknote,
  LuBell,
  LuCalendarClock,
  LuCalendarPlus,
  LuCalendarX,
  LuMessageSquare,
  LuScale,
  LuStar,
  LuTimer,
} from 'react-icons/lu';
import { conversationPath } from '../../conversations/lib/paths';

/** The panel's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** The icon of a notification by its event topic. */
export function notificationIcon(type: string): IconType {
  switch (type) {
    case 'message.created':
      return LuMessageSquare;
    case 'booking.created':
      return LuCalendarPlus;
    case 'booking.confirmed':
    case 'booking.completed':
      return LuBadgeCheck;
    case 'booking.declined':
    case 'booking.expired':
    case 'booking.cancelled':
      return LuCalendarX;
    case 'booking.time_proposed':
    case 'booking.moved':
      return LuCalendarClock;
    case 'booking.expiring':
    case 'booking.reminder':
      return LuTimer;
    case 'booking.disputed':
    case 'booking.resolved':
      return LuScale;
    case 'payout.paid':
      return LuBanknote;
    case 'review.created':
      return LuStar;
    default:
      return LuBell;
  }
}

/** Where a notification leads: its conversation in Messages, else its booking in Bookings. */
export function notificationLink(n: { conversationId: string | null; bookingId: string | null }): string | null {
  if (n.conversationId) return conversationPath(n.conversationId);
  if (n.bookingId) return `/dashboard?tab=bookings&booking=${encodeURIComponent(n.bookingId)}`;
  return null;
}
