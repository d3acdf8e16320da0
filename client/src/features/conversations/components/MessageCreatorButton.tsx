import { Button } from '@chakra-ui/react';
import { useCallback, useId, useRef, useState } from 'react';
import { LuMessageSquare } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { dialogOnDemand } from '../../../shared/components/dialog-on-demand';
import { useAuth } from '../../auth/hooks/useAuth';

// The dialog and its composer load when it is first opened, not with the creator page.
const MessageCreatorDialog = dialogOnDemand(async () => (await import('./MessageCreatorDialog')).MessageCreatorDialog);

interface Props {
  creator: { id: string; userId: string; displayName: string };
}

/**
 * "Message" on a creator's page: ask the creator something before booking. Signed out it leads to
 * sign-in and back; on one's own page it is not shown. The first message opens the conversation in
 * the dashboard's Messages tab.
 */
export function MessageCreatorButton({ creator }: Props) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const finalFocusEl = useCallback(() => trigger.current, []);
  const triggerId = useId();

  if (user && user.id === creator.userId) return null;

  const openDialog = () => {
    if (!user) return void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
    setOpen(true);
  };
  const preload = user ? MessageCreatorDialog.preload : undefined;

  return (
    <>
      <Button
        ref={trigger}
        id={triggerId}
        variant="outline"
        colorPalette="brand"
        aria-haspopup={user ? 'dialog' : undefined}
        aria-expanded={user ? open : undefined}
        onClick={openDialog}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <LuMessageSquare aria-hidden />
        Message
      </Button>
      <MessageCreatorDialog
        open={open}
        onOpenChange={setOpen}
        creator={creator}
        finalFocusEl={finalFocusEl}
        triggerId={triggerId}
      />
    </>
  );
}
