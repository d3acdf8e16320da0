import type { AccountType, ProfileForm_ProfileFragment } from '../../../gql/graphql';
import { viewerZone } from '../../../shared/lib/zoned-time';
import { useCreateProfile } from '../hooks/useCreateProfile';
import { useUpdateProfile } from '../hooks/useUpdateProfile';
import { brandFormValues, toBrandProfileInput, type BrandFormValues } from '../lib/brand-form';
import { creatorFormValues, toCreatorProfileInput, type CreatorFormValues } from '../lib/creator-form';
import { BrandProfileForm } from './BrandProfileForm';
import { CreatorProfileForm } from './CreatorProfileForm';
import { ProfileDialogFrame } from './ProfileDialogFrame';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which form to show: the creator or the brand one. */
  accountType: AccountType;
  /** The profile being edited; omitted to create one. */
  profile?: ProfileForm_ProfileFragment | null;
}

const COPY = {
  CREATOR: {
    create: {
      title: 'Create Your Creator Profile',
      description: 'Tell brands who you are, what you charge and where you stream.',
    },
    edit: { title: 'Edit Creator Profile', description: 'Update what brands see on your profile.' },
  },
  BRAND: {
    create: { title: 'Create Your Brand Profile', description: 'Introduce your brand to the creators you book.' },
    edit: { title: 'Edit Brand Profile', description: 'Update what creators see about your brand.' },
  },
} as const;

/** Create or edit dialog of the viewer's profile, as the creator or the brand form. */
export function ProfileDialog({ open, onOpenChange, accountType, profile }: Props) {
  const { createProfile, creating } = useCreateProfile();
  const { updateProfile, updating } = useUpdateProfile();
  const mode = profile ? 'edit' : 'create';
  const copy = COPY[accountType][mode];
  const submitLabel = mode === 'edit' ? 'Save Changes' : 'Create Profile';
  const submitting = creating || updating;

  const save = async (input: Parameters<typeof createProfile>[0]) => {
    const saved = profile ? await updateProfile(input) : await createProfile(input);
    if (saved) onOpenChange(false);
  };

  return (
    <ProfileDialogFrame open={open} onOpenChange={onOpenChange} title={copy.title} description={copy.description}>
      {accountType === 'BRAND' ? (
        <BrandProfileForm
          initialValues={brandFormValues(profile)}
          submitLabel={submitLabel}
          submitting={submitting}
          onSubmit={(values: BrandFormValues) => save(toBrandProfileInput(values, profile?.timezone ?? viewerZone()))}
        />
      ) : (
        <CreatorProfileForm
          initialValues={creatorFormValues(profile, viewerZone())}
          submitLabel={submitLabel}
          submitting={submitting}
          onSubmit={(values: CreatorFormValues) => save(toCreatorProfileInput(values))}
        />
      )}
    </ProfileDialogFrame>
  );
}
