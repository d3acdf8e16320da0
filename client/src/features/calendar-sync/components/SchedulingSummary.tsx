import { Text } from '@chakra-ui/react';
import { useSchedulingSettingsQuery } from '../../../gql/graphql';

const duration = (minutes: number) =>
  minutes % 1440 === 0 ? `${minutes / 1440} day${minutes === 1440 ? '' : 's'}` : minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;

/** The creator's scheduling guards as a brand reads them on the creator page, before booking. */
export function SchedulingSummary({ creatorId }: { creatorId: string }) {
  const { data } = useSchedulingSettingsQuery({ variables: { creatorId } });
  const s = data?.schedulingSettings;
  if (!s) return null;
  const parts = [
    s.minNoticeMinutes > 0 ? `Book at least ${duration(s.minNoticeMinutes)} ahead` : 'No minimum notice',
    `up to ${s.maxDaysAhead} days ahead`,
    ...(s.bufferBeforeMinutes || s.bufferAfterMinutes
      ? [`${duration(Math.max(s.bufferBeforeMinutes, s.bufferAfterMinutes))} kept free around each collab`]
      : []),
  ];
  return (
    <Text textStyle="xs" color="fg.muted" aria-label="Scheduling rules">
      {parts.join(' · ')}.
    </Text>
  );
}
