import { useStartConversationMutation } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

/** Starts (or continues) the viewer's conversation with a creator with a first message. */
export function useStartConversation() {
  const [mutate, { loading }] = useStartConversationMutation();
  const start = async (creatorId: string, text: string): Promise<string | null> => {
    try {
      const result = await mutate({ variables: { creatorId, text } });
      return result.data?.startConversation.id ?? null;
    } catch (error) {
      toast.error('Your message was not sent', errorMessage(error, 'Please try again.'));
      return null;
    }
  };
  return { start, starting: loading };
}
