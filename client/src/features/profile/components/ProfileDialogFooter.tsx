import { Button, Dialog } from '@chakra-ui/react';

interface Props {
  formId: string;
  submitLabel: string;
  submitting: boolean;
  disabled: boolean;
}

/** Cancel + the submit button of a profile form (disabled until the form is valid). */
export function ProfileDialogFooter({ formId, submitLabel, submitting, disabled }: Props) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" form={formId} disabled={disabled} loading={submitting} loadingText="Saving...">
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
