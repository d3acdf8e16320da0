import { useEffect, useRef } from 'react';
import type { NotificationItem_NotificationFragment } from '../../../gql/graphql';

type Listener = (notification: NotificationItem_NotificationFragment) => void;

const listeners = new Set<Listener>();

/**
 * The viewer's new notifications as they arrive (fed by the bell's one `notificationAdded`
 * subscription), for screens that refresh on them: the Messages list on a new message.
 */
export const notificationEvents = {
  emit(notification: NotificationItem_NotificationFragment): void {
    listeners.forEach((listener) => listener(notification));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Calls `onNotification` (its latest version) for every new notification while mounted. */
export function useNotificationEvents(onNotification: Listener): void {
  const latest = useRef(onNotification);
  useEffect(() => {
    latest.current = onNotification;
  });
  useEffect(() => notificationEvents.subscribe((n) => latest.current(n)), []);
}
