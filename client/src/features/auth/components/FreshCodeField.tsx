import { Field, Input } from '@chakra-ui/react';
import { useTwoFactor } from '../hooks/useTwoFactor';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of the code (TWO_FACTOR_REQUIRED's message), shown under the field. */
  error?: string | null;
}

/**
 * "Code from your authenticator app" for a sensitive action (payout details, API keys, webhook
 * endpoints): shown only when the account has two-step sign-in, as the server then asks for it.
 */
export function FreshCodeField({ value, onChange, error }: Props) {
  const { enabled } = useTwoFactor();
  if (!enabled) return null;
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>Authenticator code</Field.Label>
      <Input
        name="two-factor-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={6}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Two-step sign-in is on: enter the current 6-digit code.</Field.HelperText>}
    </Field.Root>
  );
}
