import { useEffect, useState } from 'react';
import { useContactSenderQuery, useSendContactMessageMutation } from '../../../gql/graphql';
import { errorField, errorMessage } from '../../../shared/lib/error-message';
import { useAuth } from '../../auth/hooks/useAuth';
import {
  contactFieldOf,
  EMPTY_CONTACT_MESSAGE,
  missingContactFields,
  type ContactField,
  type ContactMessage,
  type ContactReceipt,
} from '../lib/contact-message';

export type ContactFormStatus = 'editing' | 'submitting' | 'sent';

export const CONTACT_MESSAGES = {
  sendFailed: 'Your message was not sent. Please try again.',
} as const;

/**
 * Contact form state machine: editing → submitting → sent (with the ticket's reference); reset
 * returns to editing. The server checks every field and names the one it refuses: its message
 * goes under that field. A signed-in sender starts with their name and address filled in.
 */
export function useContactForm() {
  const { user } = useAuth();
  const { data: sender } = useContactSenderQuery({ skip: !user });
  const [send] = useSendContactMessageMutation();
  const [values, setValues] = useState<ContactMessage>(EMPTY_CONTACT_MESSAGE);
  const [status, setStatus] = useState<ContactFormStatus>('editing');
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);

  const knownName = sender?.myProfile?.displayName ?? '';
  const knownEmail = user?.email ?? '';
  // Prefill once the account is known, without overwriting what the sender already typed.
  useEffect(() => {
    setValues((current) => ({
      ...current,
      name: current.name || knownName,
      email: current.email || knownEmail,
    }));
  }, [knownName, knownEmail]);

  const setField = <K extends ContactField>(field: K, value: ContactMessage[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async () => {
    setFormError(null);
    const missing = missingContactFields(values);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setErrors({});
    setStatus('submitting');
    try {
      const { data } = await send({
        variables: {
          input: {
            name: values.name,
            email: values.email,
            subject: values.subject.trim() || null,
            category: values.category,
            message: values.message,
          },
        },
      });
      if (!data) throw new Error('no answer');
      setReceipt({ reference: data.sendContactMessage.reference, email: data.sendContactMessage.email });
      setStatus('sent');
    } catch (error) {
      setStatus('editing');
      const message = errorMessage(error, CONTACT_MESSAGES.sendFailed);
      const field = contactFieldOf(errorField(error));
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const reset = () => {
    setValues({ ...EMPTY_CONTACT_MESSAGE, name: knownName, email: knownEmail });
    setErrors({});
    setFormError(null);
    setReceipt(null);
    setStatus('editing');
  };

  return { values, status, errors, formError, receipt, setField, submit, reset };
}
