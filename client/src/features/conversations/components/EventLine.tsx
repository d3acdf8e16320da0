import { Flex, Icon, Text } from '@chakra-ui/react';
import { LuCircleDot } from 'react-icons/lu';
import { formatTime } from '../../../shared/lib/zoned-time';

/** A booking's history in its thread: "Booking requested", "Accepted", "Paid out", as a centred line. */
export function EventLine({ text, createdAt, zone }: { text: string; createdAt: string; zone?: string }) {
  return (
    <Flex justify="center" w="full" role="note" aria-label={`Booking event: ${text}`}>
      <Flex
        align="center"
        gap="2"
        maxW="full"
        px="3"
        py="1"
        rounded="full"
        bg="bg.subtle"
        borderWidth="1px"
        borderColor="border.muted"
      >
        <Icon as={LuCircleDot} boxSize="3" color="brand.fg" aria-hidden flexShrink={0} />
        <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
          {text}
          <Text as="span">
            {' · '}
            <time dateTime={createdAt}>{formatTime(createdAt, zone)}</time>
          </Text>
        </Text>
      </Flex>
    </Flex>
  );
}
