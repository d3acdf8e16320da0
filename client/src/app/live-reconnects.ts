type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * "The live socket came back after an outage." The app refetches every active query then (see
 * apollo.ts); a screen that holds more than its query returns (a conversation with earlier pages
 * and live arrivals) listens here to ask the server for exactly what it missed.
 */
export const liveReconnects = {
  emit(): void {
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
