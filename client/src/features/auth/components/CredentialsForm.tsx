import { useApolloClient } from '@apollo/client';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Credentials } from '../auth-context';
import { weakPasswordMessage } from '../lib/password-strength';
import { NewPasswordField } from './NewPasswordField';
import { PasswordInput } from './PasswordInput';

interface Props {
  submitLabel: string;
  submittingLabel: string;
  /** Registration asks for a new password: a live strength meter, and a weak one is not sent. */
  newPassword?: boolean;
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** Email + password with browser validation (required, email format). */
export function CredentialsForm({ submitLabel, submittingLabel, newPassword = false, onSubmit }: Props) {
  const client = useApolloClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      if (newPassword) {
        const weak = await weakPasswordMessage(client, password, { email });
        setPasswordError(weak);
        if (weak) return;
      }
      await onSubmit({ email: email.trim(), password });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={handleSubmit}>
      <Field.Root required>
        <Field.Label>Email</Field.Label>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field.Root>
      {newPassword ? (
        <NewPasswordField
          label="Password"
          name="password"
          value={password}
          error={passwordError}
          account={{ email }}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
        />
      ) : (
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
      )}
      <Button
        type="submit"
        size="lg"
        loading={submitting}
        loadingText={submittingLabel}
        bgGradient="to-r"
        gradientFrom="brand.solid"
        gradientTo="accent.solid"
        color="white"
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
