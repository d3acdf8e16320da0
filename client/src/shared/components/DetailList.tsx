import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label/value pairs laid out in a responsive grid (times, hours, amounts…). */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <DataList.Root
      orientation="vertical"
      size="sm"
      display="grid"
      gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}
      gap="3"
    >
      {items.map((item) => (
        <DataList.Item key={item.label}>
          <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium">{item.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
