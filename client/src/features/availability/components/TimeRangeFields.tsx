import { Field, Input, SimpleGrid } from '@chakra-ui/react';

interface Props {
  idPrefix: string;
  startTime: string;
  endTime: string;
  onChange: (times: { startTime: string; endTime: string }) => void;
}

/** A labelled start time and end time pair (whole hours). */
export function TimeRangeFields({ idPrefix, startTime, endTime, onChange }: Props) {
  return (
    <SimpleGrid columns={2} gap="3">
      <Field.Root>
        <Field.Label htmlFor={`${idPrefix}-start`}>Start time</Field.Label>
        <Input
          id={`${idPrefix}-start`}
          type="time"
          step={3600}
          value={startTime}
          onChange={(event) => onChange({ startTime: event.target.value, endTime })}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label htmlFor={`${idPrefix}-end`}>End time</Field.Label>
        <Input
          id={`${idPrefix}-end`}
          type="time"
          step={3600}
          value={endTime}
          onChange={(event) => onChange({ startTime, endTime: event.target.value })}
        />
      </Field.Root>
    </SimpleGrid>
  );
}
