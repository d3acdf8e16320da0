import {
  MyProfileDocument,
  useCreateProfileMutation,
  type CreateProfileInput,
  type MyProfileQuery,
} from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

/** Creates the viewer's profile; the dashboard switches to its tabs through the cache. */
export function useCreateProfile() {
  const [mutate, { loading }] = useCreateProfileMutation({
    update(cache, { data }) {
      if (data) cache.writeQuery<MyProfileQuery>({ query: MyProfileDocument, data: { myProfile: data.createProfile } });
    },
  });

  /** Resolves true on success (toast shown either way). */
  const createProfile = async (input: CreateProfileInput): Promise<boolean> => {
    try {
      const { data } = await mutate({ variables: { input } });
      if (data?.createProfile.accountType === 'BRAND') {
        toast.success('Brand profile created!', 'You can now discover and book creators.');
      } else {
        toast.success('Creator profile created!', 'Next: add your hours, connect payouts and add a photo. Overview lists what is left.');
      }
      return true;
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to create profile. Please try again.'));
      return false;
    }
  };

  return { createProfile, creating: loading };
}
