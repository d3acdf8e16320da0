export const CONTACT_CATEGORIES = [
  { value: 'general', label: 'General inquiry' },
  { value: 'support', label: 'Technical support' },
  { value: 'billing', label: 'Billing & payments' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'bug', label: 'Bug report' },
] as const;

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]['value'];

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
}

export const EMPTY_CONTACT_MESSAGE: ContactMessage = {
  name: '',
  email: '',
  subject: '',
  category: 'general',
  message: '',
};

/** Spec §5: name, email and message are required. */
export const hasRequiredContactFields = (message: ContactMessage) =>
  [message.name, message.email, message.message].every((value) => value.trim().length > 0);

export const SIMULATED_SEND_MS = 1500;

/** The contact form sends nothing (spec §7): it simulates a 1.5 s round trip. */
export function sendContactMessage(_message: ContactMessage): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SIMULATED_SEND_MS));
}
