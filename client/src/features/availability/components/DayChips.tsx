import { Button, Flex, VisuallyHidden } from '@chakra-ui/react';
import { DAY_NAMES_LONG, DAY_NAMES_SHORT } from '../lib/slot-rules';

interface Props {
  value: number[];
  onChange: (days: number[]) => void;
  labelledBy: string;
}

/** Sun…Sat toggle chips (0 = Sunday). */
export function DayChips({ value, onChange, labelledBy }: Props) {
  const toggle = (day: number) =>
    onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day].sort((a, b) => a - b));
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-labelledby={labelledBy}>
      {DAY_NAMES_SHORT.map((name, day) => {
        const on = value.includes(day);
        return (
          <Button
            key={name}
            size="sm"
            rounded="full"
            minW="12"
            variant={on ? 'solid' : 'outline'}
            aria-pressed={on}
            onClick={() => toggle(day)}
          >
            {/* Named by the whole day; the short visible name is hidden from assistive tech. */}
            <span aria-hidden>{name}</span>
            <VisuallyHidden>{DAY_NAMES_LONG[day]}</VisuallyHidden>
          </Button>
        );
      })}
    </Flex>
  );
}
