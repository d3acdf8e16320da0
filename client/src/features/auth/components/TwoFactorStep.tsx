import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

interface Props {
  email: string;
  /** Resolves when signed in; rejects with the server's message (shown under the field). */
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
  error: string | null;
}

/** Sign-in's second step: the authenticator app's code, or one of the recovery codes. */
export function TwoFactorStep({ email, onSubmit, onCancel, error }: Props) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await onSubmit(code.trim());
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-labelledby="two-factor-step-heading">
      <Stack gap="1">
        <Text id="two-factor-step-heading" fontWeight="semibold">
          Two-step sign-in
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {recovery
            ? `Enter one of the recovery codes you saved for ${email}. Each works once.`
            : `Open your authenticator app and enter the 6-digit code for CollabHub (${email}).`}
        </Text>
      </Stack>
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>{recovery ? 'Recovery code' : 'Authentication code'}</Field.Label>
        <Input
          name={recovery ? 'recovery-code' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          placeholder={recovery ? 'xxxx-xxxx-xxxx-xxxx' : '123456'}
          maxLength={recovery ? 19 : 6}
          autoFocus
          value={code}
          onChange={(event) => setCode(recovery ? event.target.value : event.target.value.replace(/\D/g, ''))}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" size="lg" loading={submitting} loadingText="Verifying..." bgGradient="to-r" gradientFrom="brand.solid" gradientTo="accent.solid" color="white">
        Verify
      </Button>
      <Stack direction="row" justify="space-between" fontSize="sm">
        <Link as="button" color="brand.fg" onClick={() => (setRecovery(!recovery), setCode(''))}>
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Link>
        <Link as="button" color="fg.muted" onClick={onCancel}>
          Back
        </Link>
      </Stack>
    </Stack>
  );
}
