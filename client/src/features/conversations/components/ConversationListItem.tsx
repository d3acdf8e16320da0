import { Badge, Box, chakra, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { dayKeyOf, formatDay, formatTime } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';

interface Props {
  name: string;
  avatarUrl?: string | null;
  /** The last message's text ("" when nothing was said yet). */
  preview: string;
  /** The preview is a booking event or a proposal, not words of a person. */
  previewIsEvent?: boolean;
  /** The viewer wrote the last message. */
  previewMine?: boolean;
  lastActivityAt: string;
  unreadCount: number;
  /** What the conversation is about: "Booking Tue, Jun 10" or "Inquiry". */
  context?: string;
  selected?: boolean;
  onSelect: () => void;
  now?: Date;
}

/** "10:42 AM" today, "Jun 9" before, in the reader's zone. */
function activityLabel(instant: string, now: Date, zone: string) {
  const date = new Date(instant);
  return dayKeyOf(date, zone) === dayKeyOf(now, zone) ? formatTime(date, zone) : formatDay(date, zone).replace(/^\w+, /, '');
}

/** One row of the Messages list: the other party, the last message, when, and how many are unread. */
export function ConversationListItem({
  name,
  avatarUrl,
  preview,
  previewIsEvent,
  previewMine,
  lastActivityAt,
  unreadCount,
  context,
  selected,
  onSelect,
  now = new Date(),
}: Props) {
  const zone = useViewerZone();
  const unread = unreadCount > 0;
  const unreadLabel = unread ? `, ${unreadCount} unread` : '';
  return (
    <chakra.button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      w="full"
      textAlign="start"
      px="3"
      py="3"
      rounded="xl"
      bg={selected ? 'brand.subtle' : 'transparent'}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      focusVisibleRing="inside"
      transition="background 0.15s"
    >
      <Flex gap="3" align="center">
        <ProfileAvatar name={name} src={avatarUrl} decorative />
        <Box flex="1" minW="0">
          <Flex justify="space-between" align="baseline" gap="2">
            {/* Named by its words (no aria-label that hides them from speech input): "Acme Drinks, 2 unread 10:42 AM …". */}
            <Text fontWeight={unread ? 'bold' : 'semibold'} truncate>
              {name}
              {unread && <VisuallyHidden>{unreadLabel}</VisuallyHidden>}
            </Text>
            <Text as="span" textStyle="xs" color={unread ? 'brand.fg' : 'fg.muted'} flexShrink={0}>
              <time dateTime={lastActivityAt}>{activityLabel(lastActivityAt, now, zone)}</time>
            </Text>
          </Flex>
          {context && (
            <Text textStyle="xs" color="fg.muted" truncate>
              {context}
            </Text>
          )}
          <Flex justify="space-between" align="center" gap="2">
            <Text
              textStyle="sm"
              color={unread ? 'fg' : 'fg.muted'}
              fontWeight={unread ? 'medium' : 'normal'}
              fontStyle={previewIsEvent ? 'italic' : undefined}
              truncate
            >
              {preview ? `${previewMine ? 'You: ' : ''}${preview}` : 'No messages yet'}
            </Text>
            {unread && (
              <Badge colorPalette="brand" variant="solid" rounded="full" flexShrink={0} aria-hidden>
                {unreadCount > 99 ? '99+' : unreadCount}
              </Badge>
            )}
          </Flex>
        </Box>
      </Flex>
    </chakra.button>
  );
}
