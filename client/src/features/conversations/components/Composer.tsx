import { Button, Field, Flex, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuSendHorizontal } from 'react-icons/lu';
import { counterLabel, draftProblem, messageLength, MESSAGE_MAX_LENGTH } from '../lib/composer';

interface Props {
  /** Sends the trimmed text; resolves true when it was sent (the draft is then cleared). */
  onSend: (text: string) => Promise<boolean>;
  /** Called while the viewer types (throttled by the caller). */
  onTyping?: () => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Focus the text box when shown. */
  autoFocus?: boolean;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line. A counter shows the length against
 * the 2,000-character limit; an empty or too long draft cannot be sent, and says why.
 */
export function Composer({ onSend, onTyping, label = 'Message', placeholder = 'Write a message…', disabled, autoFocus }: Props) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const length = messageLength(draft);
  const over = length > MESSAGE_MAX_LENGTH;
  const problem = draftProblem(draft);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (problem || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend(draft.trim())) setDraft('');
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={send} noValidate aria-label={label}>
      <Field.Root invalid={over} disabled={disabled}>
        <Field.Label srOnly>{label}</Field.Label>
        <Flex gap="2" align="flex-end" w="full">
          <Textarea
            ref={box}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value.trim()) onTyping?.();
            }}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            fieldSizing="content"
            flex="1"
            minW="0"
            resize="none"
            minH="10"
            maxH="40"
            rows={1}
            bg="bg.panel"
            autoFocus={autoFocus}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={sending}
            disabled={disabled || Boolean(problem)}
            aria-label="Send message"
            flexShrink={0}
          >
            <LuSendHorizontal aria-hidden />
            <Text as="span" display={{ base: 'none', sm: 'inline' }}>
              Send
            </Text>
          </Button>
        </Flex>
        <Flex w="full" justify="space-between" gap="2" mt="1">
          {over ? (
            <Field.ErrorText mt="0">{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText mt="0" textStyle="xs">
              Enter to send · Shift+Enter for a new line
            </Field.HelperText>
          )}
          <Text
            textStyle="xs"
            color={over ? 'fg.error' : 'fg.muted'}
            fontVariantNumeric="tabular-nums"
            aria-label={`${length} of ${MESSAGE_MAX_LENGTH} characters`}
            data-testid="message-counter"
          >
            {counterLabel(draft)}
          </Text>
        </Flex>
      </Field.Root>
    </form>
  );
}
