import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from '../toast';

/** Bottom-right toast region ("Notifications", Alt+T focuses it). */
export function AppToaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }}>
            {item.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title && <Toast.Title>{item.title}</Toast.Title>}
              {item.description && <Toast.Description>{item.description}</Toast.Description>}
            </Stack>
            {item.action && <Toast.ActionTrigger>{item.action.label}</Toast.ActionTrigger>}
            {item.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
