import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client';
import { useEffect, useRef, useState } from 'react';
import { LuImageUp, LuTrash2 } from 'react-icons/lu';
import { useRemoveProfilePhotoMutation } from '../../../gql/graphql';
import { ProfileAvatar } from '../../../shared/components/ProfileAvatar';
import { toast } from '../../../shared/toast';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, uploadProfilePhoto } from '../lib/upload-photo';
import { PhotoCropDialog } from './PhotoCropDialog';

interface Props {
  displayName: string;
  avatarUrl: string | null;
  isCreator: boolean;
}

/** The profile's photo (a brand: its logo): upload with a crop, change, remove. */
export function PhotoEditor({ displayName, avatarUrl, isCreator }: Props) {
  const noun = isCreator ? 'photo' : 'logo';
  const input = useRef<HTMLInputElement>(null);
  const client = useApolloClient();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [remove, { loading: removing }] = useRemoveProfilePhotoMutation();

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.url)), [chosen]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return void toast.error(`Choose a PNG, JPEG, WebP or GIF image for your ${noun}`);
    if (file.size > PHOTO_MAX_BYTES) return void toast.error(`That image is too large`, 'Choose one of at most 20 MB');
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const save = async (crop: Parameters<typeof uploadProfilePhoto>[1]) => {
    if (!chosen) return;
    setSaving(true);
    try {
      await uploadProfilePhoto(chosen.file, crop);
      // Every view showing this profile (card, page, messages) reads the new picture.
      await client.refetchQueries({ include: 'active' });
      toast.success(`${isCreator ? 'Photo' : 'Logo'} saved`);
      setChosen(null);
    } catch (error) {
      toast.error(`Your ${noun} could not be saved`, error instanceof Error ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  const removePhoto = async () => {
    try {
      await remove();
      await client.refetchQueries({ include: 'active' });
      toast.success(`${isCreator ? 'Photo' : 'Logo'} removed`);
    } catch {
      toast.error(`Your ${noun} could not be removed`);
    }
  };

  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'flex-start', sm: 'center' }}>
      <ProfileAvatar name={displayName} src={avatarUrl} size="2xl" />
      <Stack gap="2" minW="0">
        <Text fontWeight="semibold">{isCreator ? 'Profile photo' : 'Brand logo'}</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" onClick={() => input.current?.click()}>
            <LuImageUp aria-hidden />
            {avatarUrl ? `Change ${noun}` : `Upload ${noun}`}
          </Button>
          {avatarUrl && (
            <Button size="sm" variant="outline" onClick={removePhoto} loading={removing}>
              <LuTrash2 aria-hidden />
              Remove
            </Button>
          )}
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          PNG, JPEG, WebP or GIF, up to 20 MB. Shown as a circle.
        </Text>
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          hidden
          aria-label={`Choose a ${noun}`}
          data-testid="photo-input"
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </Stack>
      <PhotoCropDialog
        imageUrl={chosen?.url ?? null}
        title={isCreator ? 'Crop your photo' : 'Crop your logo'}
        saving={saving}
        onCancel={() => setChosen(null)}
        onSave={save}
      />
    </Stack>
  );
}
