import { createToaster } from '@chakra-ui/react';

/** The app's one toast store; rendered by `<AppToaster />`. */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  duration: 4500,
  pauseOnPageIdle: true,
});

type ToastKind = 'success' | 'error' | 'info' | 'warning';

const show = (type: ToastKind) => (title: string, description?: string) =>
  toaster.create({ type, title, description, closable: true });

/** Small helper so screens say `toast.success('Profile updated!', 'Your changes have been saved')`. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
