import {
  cloneElement,
  useCallback,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import type { ActionDialogContentProps } from './ActionDialogContent';
import { dialogOnDemand } from './dialog-on-demand';
import type { OpenedDialogProps } from './DialogFrame';

// The dialog itself (Zag's dialog machine, focus trap, scroll lock) loads when one is first opened
// or its trigger is pointed at or focused: a page that only shows triggers does not ship it.
const ActionDialogContent = dialogOnDemand(async () => (await import('./ActionDialogContent')).ActionDialogContent);

/** What a caller gives: the dialog's content (ActionDialogContent's props), and the button that opens it. */
interface Props extends Omit<ActionDialogContentProps, keyof OpenedDialogProps | 'cancelLabel'> {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  /** Told when the dialog opens or closes (to load data for it or reset a form). */
  onOpenChange?: (open: boolean) => void;
  cancelLabel?: string;
}

interface TriggerProps {
  id?: string;
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
}

/** A confirm-or-cancel dialog with a form body: the one shape every booking and support action uses. */
export function ActionDialog({ trigger, onOpenChange, cancelLabel = 'Close', ...dialog }: Props) {
  const [open, setOpen] = useState(false);
  const triggerEl = useRef<HTMLElement>(null);
  // The dialog knows its trigger by id, as with Dialog.Trigger (a press on it is not a press outside).
  const triggerId = useId();
  const finalFocusEl = useCallback(() => triggerEl.current, []);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const opener = trigger as ReactElement<TriggerProps>;
  const own = opener.props;

  return (
    <>
      {cloneElement(opener, {
        ref: triggerEl,
        id: triggerId,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: (event) => {
          own.onClick?.(event);
          if (!event.defaultPrevented) change(true);
        },
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          ActionDialogContent.preload();
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          ActionDialogContent.preload();
        },
      })}
      <ActionDialogContent
        open={open}
        onOpenChange={change}
        finalFocusEl={finalFocusEl}
        triggerId={triggerId}
        cancelLabel={cancelLabel}
        {...dialog}
      />
    </>
  );
}
