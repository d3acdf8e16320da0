import { Box, Circle, Flex, Icon, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../shared/lib/zoned-time';

interface Props {
  title: string;
  body?: string | null;
  createdAt: string;
  read: boolean;
  icon: IconType;
  /** Where it leads (the booking or the conversation); plain text when there is nowhere to go. */
  to?: string | null;
  onOpen?: () => void;
  now?: Date;
}

/** "just now", "5 min ago", "3 h ago", then the date. */
export function timeAgo(instant: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - Date.parse(instant)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return formatDateTime(instant);
}

/** One notification of the bell's panel: what happened, when, unread dot, link to where it happened. */
export function NotificationItem({ title, body, createdAt, read, icon, to, onOpen, now }: Props) {
  const content = (
    <Flex gap="3" align="flex-start" px="3" py="2.5">
      <Circle size="8" bg={read ? 'bg.muted' : 'brand.subtle'} color={read ? 'fg.muted' : 'brand.fg'} flexShrink={0}>
        <Icon as={icon} boxSize="4" aria-hidden />
      </Circle>
      <Box flex="1" minW="0">
        <Text textStyle="sm" fontWeight={read ? 'normal' : 'semibold'} overflowWrap="anywhere">
          {title}
        </Text>
        {body && (
          <Text textStyle="xs" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
            {body}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted" mt="0.5">
          <time dateTime={createdAt} title={formatDateTime(createdAt)}>
            {timeAgo(createdAt, now)}
          </time>
        </Text>
      </Box>
      {!read && <Circle size="2" bg="brand.solid" mt="1.5" flexShrink={0} aria-label="Unread" role="img" />}
    </Flex>
  );
  const shared = {
    display: 'block',
    rounded: 'lg',
    bg: read ? undefined : 'brand.subtle/40',
    _hover: { bg: 'bg.muted' },
    focusVisibleRing: 'inside',
  } as const;
  return to ? (
    <Box asChild {...shared}>
      <Link to={to} onClick={onOpen}>
        {content}
      </Link>
    </Box>
  ) : (
    <Box {...shared}>{content}</Box>
  );
}
