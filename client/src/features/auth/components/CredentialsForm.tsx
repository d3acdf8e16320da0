import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Credentials } from '../auth-context';
import { PasswordInput } from './PasswordInput';

interface Props {
  submitLabel: string;
  submittingLabel: string;
  /** Registration asks for a new password: hint the server's rule and let browsers suggest one. */
  newPassword?: boolean;
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** Email + password with browser validation (required, email format). */
export function CredentialsForm({ submitLabel, submittingLabel, newPassword = false, onSubmit }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
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
      <Field.Root required>
        <Field.Label>Password</Field.Label>
        <PasswordInput
          name="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          minLength={newPassword ? 8 : undefined}
          placeholder={newPassword ? 'At least 8 characters' : 'Your password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {newPassword && <Field.HelperText>Use at least 8 characters.</Field.HelperText>}
      </Field.Root>
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
