import { useRef } from 'react';
import { useSendMessageMutation, useSetTypingMutation, type ThreadLine_MessageFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { uploadAll } from '../../../shared/lib/upload-file';
import { COMPOSER_MESSAGES } from '../lib/composer';

/** The server is told "typing" at most this often while the viewer types. */
const TYPING_EVERY_MS = 3000;

/**
 * Sending into a conversation: the sent line is handed to the thread at once (the subscription's
 * echo of it merges by id); a refusal (too long, rate limited with its retry time, not a member)
 * is shown as the server words it, and the draft is kept. `typing()` tells the other party,
 * throttled.
 */
export function useSendMessage(conversationId: string, onSent: (message: ThreadLine_MessageFragment) => void) {
  const [mutate] = useSendMessageMutation();
  const [setTyping] = useSetTypingMutation();
  const lastTyping = useRef(0);

  /** Uploads the files (POST /api/v1/files), then sends them with the text. */
  const send = async (text: string, files: readonly File[] = []): Promise<boolean> => {
    try {
      const fileIds = files.length ? await uploadAll(files) : undefined;
      const result = await mutate({ variables: { conversationId, text, fileIds } });
      const message = result.data?.sendMessage;
      if (message) onSent(message);
      lastTyping.current = 0;
      return Boolean(message);
    } catch (error) {
      toast.error(COMPOSER_MESSAGES.sendFailed, errorMessage(error, 'Please try again.'));
      return false;
    }
  };

  const typing = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    void setTyping({ variables: { conversationId } }).catch(() => undefined);
  };

  return { send, typing };
}
