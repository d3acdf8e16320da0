import { Box, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { PasswordStrengthState } from '../hooks/usePasswordStrength';
import { MIN_PASSWORD_SCORE, STRENGTH_LABELS } from '../lib/password-strength';

const COLORS = ['red.500', 'orange.500', 'yellow.500', 'green.500', 'green.600'] as const;

/**
 * Four bars, a label ("Strength: Fair"), and zxcvbn's reason and tips while the password is
 * below the required "Strong". Announced politely to screen readers.
 */
export function PasswordStrengthMeter({ id, state }: { id?: string; state: PasswordStrengthState }) {
  const { strength } = state;
  if (!strength) return null;
  const filled = Math.max(1, strength.score);
  const label = STRENGTH_LABELS[strength.score];
  const tooWeak = strength.score < MIN_PASSWORD_SCORE;

  return (
    <Stack gap="1.5" id={id} data-testid="password-strength" aria-live="polite" w="full">
      <HStack gap="1" aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <Box key={bar} h="1.5" flex="1" rounded="full" bg={bar <= filled ? COLORS[strength.score] : 'bg.emphasized'} />
        ))}
      </HStack>
      <Text fontSize="sm" fontWeight="medium">
        Strength: {label}
        {tooWeak && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            (needs at least {STRENGTH_LABELS[MIN_PASSWORD_SCORE]})
          </Text>
        )}
      </Text>
      {tooWeak && (strength.warning || strength.suggestions.length > 0) && (
        <Stack gap="0.5" fontSize="sm" color="fg.muted">
          {strength.warning && <Text color="orange.fg">{strength.warning}</Text>}
          {strength.suggestions.length > 0 && (
            <List.Root ps="4" gap="0.5">
              {strength.suggestions.map((tip) => (
                <List.Item key={tip}>{tip}</List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      )}
    </Stack>
  );
}
