import { NativeSelect } from '@chakra-ui/react';
import { useMemo } from 'react';
import { timeZoneOptions } from '../lib/time-zones';

interface Props {
  id?: string;
  value: string;
  onChange: (zone: string) => void;
}

/** Every IANA time zone the browser knows (label it with a surrounding `Field.Label`). */
export function TimeZoneSelect({ id, value, onChange }: Props) {
  // ~400 options: build them once per list so typing elsewhere in the form does not re-render them.
  const options = useMemo(
    () =>
      timeZoneOptions(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      )),
    [value],
  );
  return (
    <NativeSelect.Root>
      <NativeSelect.Field id={id} name="timezone" value={value} onChange={(event) => onChange(event.target.value)}>
        {options}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
