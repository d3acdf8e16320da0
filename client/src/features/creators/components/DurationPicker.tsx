import { Field, NativeSelect } from '@chakra-ui/react';
import { SELECTION_MESSAGES } from '../lib/slot-selection';

interface Props {
  /** Hours of the current selection (0 when nothing is selected). */
  value: number;
  /** Durations the selected start offers (spec §2: an extra hour only when the next one is free). */
  offered: readonly number[];
  /** A duration that came with the link from the calendar: shown, not changeable. */
  locked: boolean;
  onChange: (hours: number) => void;
}

const hoursLabel = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** The booking length, 1 to 8 hours. */
export function DurationPicker({ value, offered, locked, onChange }: Props) {
  const options = locked || offered.length === 0 ? (value > 0 ? [value] : []) : offered;
  const helper = locked
    ? 'Duration set from the calendar'
    : value === 0
      ? 'Pick a start time to choose how long'
      : offered.length === 1
        ? SELECTION_MESSAGES.onlyOneHour
        : undefined;

  return (
    <Field.Root disabled={locked || offered.length <= 1}>
      <Field.Label>Duration</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value > 0 ? String(value) : ''}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
        >
          {value === 0 && <option value="">Select a time first</option>}
          {options.map((hours) => (
            <option key={hours} value={hours}>
              {hoursLabel(hours)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
