import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { FileLinks, type FileLinkData } from '../../../shared/components/FileLinks';
import { formatTime } from '../../../shared/lib/zoned-time';
import { MessageText } from './MessageText';

interface Props {
  /** The reader's time zone (their profile's). */
  zone?: string;
  text: string;
  /** Files sent with it: image thumbnails and download links. */
  files?: readonly FileLinkData[];
  createdAt: string;
  /** Written by the viewer: on the right, in the brand colour. */
  mine: boolean;
  /** Shown above a message of somebody else's. */
  senderName?: string;
  /** Posted by support staff into a disputed booking's thread. */
  fromSupport?: boolean;
  /** Still on its way to the server. */
  sending?: boolean;
}

/** One written message of a thread. */
export function MessageBubble({ text, files = [], createdAt, mine, senderName, fromSupport, sending, zone }: Props) {
  const time = formatTime(createdAt, zone);
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} w="full">
      <Box
        maxW={{ base: '85%', md: '70%' }}
        px="3.5"
        py="2"
        rounded="2xl"
        roundedBottomRight={mine ? 'sm' : undefined}
        roundedBottomLeft={mine ? undefined : 'sm'}
        bg={mine ? 'brand.solid' : fromSupport ? 'orange.subtle' : 'bg.muted'}
        color={mine ? 'brand.contrast' : 'fg'}
        borderWidth={fromSupport ? '1px' : undefined}
        borderColor={fromSupport ? 'orange.muted' : undefined}
        opacity={sending ? 0.75 : 1}
        data-mine={mine || undefined}
      >
        {!mine && (senderName || fromSupport) && (
          <Flex gap="2" align="center" mb="0.5">
            {senderName && (
              <Text textStyle="xs" fontWeight="semibold">
                {senderName}
              </Text>
            )}
            {fromSupport && (
              <Badge size="xs" colorPalette="orange" variant="solid">
                Support
              </Badge>
            )}
          </Flex>
        )}
        {text && <MessageText text={text} textStyle="sm" />}
        {files.length > 0 && (
          <Box mt={text ? '1.5' : '0'}>
            <FileLinks files={files} onSolid={mine} label="Files sent with this message" />
          </Box>
        )}
        <Text
          as="span"
          display="block"
          textAlign="end"
          textStyle="2xs"
          mt="0.5"
          color={mine ? 'brand.contrast' : 'fg.muted'}
          opacity={mine ? 0.85 : 1}
        >
          <time dateTime={createdAt}>{sending ? 'Sending…' : time}</time>
        </Text>
      </Box>
    </Flex>
  );
}
