/** Absolute links to the product's pages, for messages that leave it (e-mails, calendar entries). */
export interface ProductLinks {
  booking(id: string): string;
  conversation(id: string): string;
  dashboard(): string;
  settings(): string;
  /** The dashboard's Developers tab (API keys, webhook endpoints), optionally opened at one endpoint. */
  developers(endpointId?: string): string;
  /** A one-time link's page (the token in the query as `token=`). */
  resetPassword(token: string): string;
  verifyEmail(token: string): string;
  forgotPassword(): string;
  /** The contact page (support). */
  support(): string;
  /** Support's console. */
  supportConsole(): string;
}

/** The client's routes (client/src/app/routes.tsx) under PUBLIC_URL. */
export function productLinks(base: string): ProductLinks {
  return {
    booking: (id) => `${base}/dashboard?tab=bookings&booking=${encodeURIComponent(id)}`,
    conversation: (id) => `${base}/dashboard?tab=messages&conversation=${encodeURIComponent(id)}`,
    dashboard: () => `${base}/dashboard`,
    settings: () => `${base}/settings`,
    developers: (endpointId) => `${base}/dashboard?tab=developers${endpointId ? `&endpoint=${encodeURIComponent(endpointId)}` : ''}`,
    resetPassword: (token) => `${base}/reset-password?token=${encodeURIComponent(token)}`,
    verifyEmail: (token) => `${base}/verify-email?token=${encodeURIComponent(token)}`,
    forgotPassword: () => `${base}/forgot-password`,
    support: () => `${base}/contact`,
    supportConsole: () => `${base}/support`,
  };
}
