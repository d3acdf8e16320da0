/** Absolute links to the product's pages, for messages that leave it (e-mails, calendar entries). */
export interface ProductLinks {
  booking(id: string): string;
  conversation(id: string): string;
  dashboard(): string;
  settings(): string;
}

/** The client's routes (client/src/app/routes.tsx) under PUBLIC_URL. */
export function productLinks(base: string): ProductLinks {
  return {
    booking: (id) => `${base}/dashboard?tab=bookings&booking=${encodeURIComponent(id)}`,
    conversation: (id) => `${base}/dashboard?tab=messages&conversation=${encodeURIComponent(id)}`,
    dashboard: () => `${base}/dashboard`,
    settings: () => `${base}/settings`,
  };
}
