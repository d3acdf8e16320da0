import { Field, HStack, Textarea } from '@chakra-ui/react';

/**
 * A long free-text field (creator bio, brand "About") with a live counter up to its limit, so
 * nobody is cut off silently at 2,000 characters.
 */
export function LongTextField({
  label,
  name,
  value,
  onChange,
  placeholder,
  rows = 4,
  maxLength = 2000,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}) {
  const left = maxLength - value.length;
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Textarea
        name={name}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <HStack width="full" justify="flex-end">
        <Field.HelperText
          color={left <= 100 ? 'fg.warning' : 'fg.muted'}
          aria-live="polite"
          data-testid={`${name}-counter`}
        >
          {value.length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')}
          {left === 0 ? ' · limit reached' : ''}
        </Field.HelperText>
      </HStack>
    </Field.Root>
  );
}
