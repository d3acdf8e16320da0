import { Button, type ButtonProps } from '@chakra-ui/react';
import { useResendVerificationEmailMutation } from '../../../gql/graphql';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';

/** Sends the signed-in account a new verification link (the server throttles it and says so). */
export function ResendVerificationButton({ label = 'Resend the link', ...rest }: { label?: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [resend, { loading }] = useResendVerificationEmailMutation();
  return (
    <Button
      colorPalette="purple"
      variant="outline"
      loading={loading}
      loadingText="Sending…"
      {...rest}
      onClick={async () => {
        try {
          const { data } = await resend();
          toast.success('Check your email!', data?.resendVerificationEmail.message);
        } catch (err) {
          toast.error(errorMessage(err, 'Could not send the link. Try again in a moment.'));
        }
      }}
    >
      {label}
    </Button>
  );
}
