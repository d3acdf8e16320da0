import { Field, Textarea } from '@chakra-ui/react';
import { FormError } from '../../../shared/components/FormError';

/** The reason support gives for an action on someone else's integration (shown to its owner, kept in the support log). */
export function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>
        Reason <Field.RequiredIndicator />
      </Field.Label>
      <Textarea value={value} rows={3} maxLength={2000} placeholder="Shown to the account and kept in the support log" onChange={(e) => onChange(e.target.value)} />
      <FormError message={error} />
    </Field.Root>
  );
}
