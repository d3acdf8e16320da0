import { useState } from 'react';
import { toast } from '../../../shared/toast';
import {
  EMPTY_CONTACT_MESSAGE,
  hasRequiredContactFields,
  sendContactMessage,
  type ContactMessage,
} from '../lib/contact-message';

export type ContactFormStatus = 'editing' | 'submitting' | 'sent';

/** Contact form state machine (spec §4): editing → submitting → sent; reset returns to editing. */
export function useContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY_CONTACT_MESSAGE);
  const [status, setStatus] = useState<ContactFormStatus>('editing');

  const setField = <K extends keyof ContactMessage>(field: K, value: ContactMessage[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    if (!hasRequiredContactFields(values)) {
      toast.error('Missing Information', 'Please fill in all required fields');
      return;
    }
    setStatus('submitting');
    try {
      await sendContactMessage(values);
      setStatus('sent');
      toast.success('Message Sent!', "We'll get back to you within 24 hours");
    } catch {
      setStatus('editing');
      toast.error('Failed to send message. Please try again.');
    }
  };

  const reset = () => {
    setValues(EMPTY_CONTACT_MESSAGE);
    setStatus('editing');
  };

  return { values, status, setField, submit, reset };
}
