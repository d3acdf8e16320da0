import { Link, Text, type TextProps } from '@chakra-ui/react';
import { messageSegments } from '../lib/message-text';

/**
 * A message's words as the sender typed them: React text nodes (markup is shown, never run) with
 * line breaks kept, and web addresses as links that open in a new tab only when clicked.
 */
export function MessageText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" {...props}>
      {messageSegments(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <Link
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            referrerPolicy="no-referrer"
            color="inherit"
            textDecoration="underline"
          >
            {segment.text}
          </Link>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
