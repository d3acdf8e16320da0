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

export type ContactField = keyof ContactMessage;

/** Spec §5: name, email and message are required. The form's own check before sending: each required field left empty, with what to write there. */
export function missingContactFields(message: ContactMessage): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  if (!message.name.trim()) errors.name = 'Name is required';
  if (!message.email.trim()) errors.email = 'Email is required';
  if (!message.message.trim()) errors.message = 'Message is required';
  return errors;
}

const FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'category', 'message'];

/** The form field a server refusal names (`extensions.field`: "name", "input.email", ...), if it is one of ours. */
export function contactFieldOf(serverField: string | undefined): ContactField | undefined {
  const last = serverField?.split('.').pop();
  return FIELDS.find((field) => field === last);
}

/** What the sender is told once the ticket exists. */
export interface ContactReceipt {
  reference: string;
  email: string;
}

/** "Billing & payments" for "billing"; an unknown category as sent. */
export const contactCategoryLabel = (value: string) =>
  CONTACT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
