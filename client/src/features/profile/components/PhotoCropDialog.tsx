import { Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

interface Props {
  /** An object URL of the chosen image; null keeps the dialog closed. */
  imageUrl: string | null;
  title: string;
  saving: boolean;
  onCancel: () => void;
  onSave: (crop: Area | null) => void;
}

/** Choose the square of the picture to show: drag to move, zoom with the slider or a pinch. */
export function PhotoCropDialog({ imageUrl, title, saving, onCancel, onSave }: Props) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog.Root
      open={imageUrl !== null}
      onOpenChange={(d) => !d.open && onCancel()}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content maxW="md" w="full">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box position="relative" h={{ base: '64', sm: '80' }} bg="bg.emphasized" rounded="lg" overflow="hidden" data-testid="photo-cropper">
                  {imageUrl && (
                    <Cropper
                      image={imageUrl}
                      crop={crop}
                      zoom={zoom}
                      aspect={1}
                      cropShape="round"
                      showGrid={false}
                      onCropChange={setCrop}
                      onZoomChange={setZoom}
                      onCropComplete={(_shown, pixels) => setArea(pixels)}
                    />
                  )}
                </Box>
                <HStack gap="3">
                  <Text textStyle="sm" color="fg.muted" flexShrink={0} aria-hidden>
                    Zoom
                  </Text>
                  <input
                    aria-label="Zoom"
                    type="range"
                    min={1}
                    max={3}
                    step={0.05}
                    value={zoom}
                    onChange={(e) => setZoom(Number(e.target.value))}
                    style={{ width: '100%', accentColor: 'var(--chakra-colors-brand-solid)' }}
                  />
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  Drag the picture to place it in the circle. It is shown on your card, your page and in messages.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={() => onSave(area)} loading={saving} loadingText="Saving">
                Save
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
