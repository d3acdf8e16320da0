import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Centered spinner for a page (or the whole screen) that is still loading. */
export function PageSpinner({ label = 'Loading', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? '100dvh' : '50vh'} role="status" aria-live="polite" data-page-spinner="">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
