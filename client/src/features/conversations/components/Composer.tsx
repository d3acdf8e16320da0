import { Button, CloseButton, Field, Flex, IconButton, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuPaperclip, LuSendHorizontal } from 'react-icons/lu';
import { FILE_ACCEPT, fileSize, MAX_FILES } from '../../../shared/lib/upload-file';
import { addFiles, COMPOSER_MESSAGES, counterLabel, draftProblem, messageLength, MESSAGE_MAX_LENGTH } from '../lib/composer';

interface Props {
  /** Sends the trimmed text (and the files attached); resolves true when it was sent (the draft is then cleared). */
  onSend: (text: string, files: File[]) => Promise<boolean>;
  /** Offer the attach button (a conversation's thread; not a first message). */
  allowFiles?: boolean;
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
 * the 2,000-character limit; an empty or too long draft cannot be sent, and says why. With
 * `allowFiles`, a paperclip attaches up to 10 files (shown as chips, removable); files alone may be sent.
 */
export function Composer({ onSend, onTyping, allowFiles = false, label = 'Message', placeholder = 'Write a message…', disabled, autoFocus }: Props) {
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const length = messageLength(draft);
  const over = length > MESSAGE_MAX_LENGTH;
  const problem = draftProblem(draft, files.length);

  const pick = (picked: File[]) => {
    const next = addFiles(files, picked);
    setFiles(next.files);
    setFileNote(next.dropped > 0 ? COMPOSER_MESSAGES.tooManyFiles(MAX_FILES) : null);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (problem || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend(draft.trim(), files)) {
        setDraft('');
        setFiles([]);
        setFileNote(null);
      }
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
          {allowFiles && (
            <>
              <IconButton
                type="button"
                variant="ghost"
                aria-label="Attach files"
                title={`Attach files (images, PDF or video; at most ${MAX_FILES})`}
                onClick={() => picker.current?.click()}
                disabled={disabled || sending}
                flexShrink={0}
              >
                <LuPaperclip />
              </IconButton>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                accept={FILE_ACCEPT}
                aria-label="Files to attach"
                data-testid="composer-files"
                onChange={(event) => {
                  pick(Array.from(event.target.files ?? []));
                  event.target.value = '';
                }}
              />
            </>
          )}
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
        {files.length > 0 && (
          <Flex as="ul" gap="1.5" wrap="wrap" mt="2" w="full" listStyleType="none" p="0" aria-label="Files to send">
            {files.map((f, i) => (
              <Flex
                as="li"
                key={`${f.name}-${i}`}
                align="center"
                gap="1"
                ps="2.5"
                pe="0.5"
                py="0.5"
                rounded="full"
                bg="bg.muted"
                borderWidth="1px"
                borderColor="border.muted"
                maxW="full"
                minW="0"
              >
                <LuPaperclip aria-hidden />
                <Text as="span" textStyle="xs" truncate maxW={{ base: '40', md: '56' }}>
                  {f.name}
                </Text>
                <Text as="span" textStyle="2xs" color="fg.muted" whiteSpace="nowrap">
                  {fileSize(f.size)}
                </Text>
                <CloseButton size="2xs" aria-label={`Remove ${f.name}`} onClick={() => setFiles(files.filter((_, j) => j !== i))} />
              </Flex>
            ))}
          </Flex>
        )}
        {fileNote && (
          <Text textStyle="xs" color="fg.error" mt="1" role="alert">
            {fileNote}
          </Text>
        )}
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
