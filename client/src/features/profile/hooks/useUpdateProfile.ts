import { ApolloError } from '@apollo/client';
import { useUpdateProfileMutation, type UpdateProfileInput } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

/** Saves changes to the viewer's profile (the normalized cache updates every view of it). */
export function useUpdateProfile() {
  const [mutate, { loading }] = useUpdateProfileMutation();

  /** Resolves true on success (toast shown either way). */
  const updateProfile = async (input: UpdateProfileInput): Promise<boolean> => {
    try {
      await mutate({ variables: { input } });
      toast.success('Profile updated!', 'Your changes have been saved');
      return true;
    } catch (error) {
      const serverMessage = error instanceof ApolloError ? errorMessage(error, '') : '';
      toast.error('Failed to update profile', serverMessage || undefined);
      return false;
    }
  };

  return { updateProfile, updating: loading };
}
