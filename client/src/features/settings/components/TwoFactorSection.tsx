import { Badge, Box, Button, Clipboard, Code, Field, HStack, Image, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuDownload, LuShieldCheck } from 'react-icons/lu';
import {
  MyTwoFactorDocument,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetupTwoFactorMutation,
  type SetupTwoFactorMutation,
} from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorField, errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { PasswordInput } from '../../auth/components/PasswordInput';
import { useTwoFactor } from '../../auth/hooks/useTwoFactor';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

type Setup = SetupTwoFactorMutation['setupTwoFactor'];

/** #two-step: enrol (QR + first code), the recovery codes once, turn it off (password + code). */
export function TwoFactorSection() {
  const { status, loading } = useTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <SettingsSection
      id="two-step"
      title="Two-step sign-in"
      description="Sign in with your password and a code from an authenticator app (Google Authenticator, 1Password, Authy…). Payout details, API keys and webhook endpoints then ask for a code too."
    >
      {loading && !status ? (
        <Skeleton h="16" rounded="md" />
      ) : recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status?.enabled ? (
        <Enabled recoveryCodesLeft={status.recoveryCodesLeft} />
      ) : (
        <Enrol onEnabled={setRecoveryCodes} />
      )}
    </SettingsSection>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [start, { loading: starting }] = useSetupTwoFactorMutation();
  const [enable, { loading: enabling }] = useEnableTwoFactorMutation({ refetchQueries: [MyTwoFactorDocument], awaitRefetchQueries: true });

  if (!setup) {
    return (
      <Stack gap="3" align="start">
        <HStack gap="2">
          <Badge colorPalette="gray" variant="surface">
            Off
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            Only your password protects this account.
          </Text>
        </HStack>
        <Button
          colorPalette="purple"
          loading={starting}
          onClick={async () => {
            try {
              const { data } = await start();
              if (data) setSetup(data.setupTwoFactor);
            } catch (err) {
              toast.error(MSG.twoFactorSetupFailed, errorMessage(err, ''));
            }
          }}
        >
          <LuShieldCheck aria-hidden />
          Set up two-step sign-in
        </Button>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(MSG.twoFactorCodeRequired);
      return;
    }
    try {
      const { data } = await enable({ variables: { code } });
      if (data) {
        toast.success(MSG.twoFactorEnabled, MSG.twoFactorEnabledDetail);
        onEnabled(data.enableTwoFactor.recoveryCodes);
      }
    } catch (err) {
      setError(errorMessage(err, 'Could not turn on two-step sign-in'));
    }
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-label="Set up two-step sign-in">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'stretch', sm: 'start' }}>
          <Image src={setup.qrDataUrl} alt="QR code to scan with your authenticator app" w="44" h="44" alignSelf={{ base: 'center', sm: 'start' }} rounded="md" borderWidth="1px" />
          <Stack gap="3" flex="1" minW="0">
            <Text fontSize="sm">1. Scan the QR code with your authenticator app, or type this key into it:</Text>
            <Box bg="bg.muted" borderWidth="1px" rounded="md" px="3" py="2" overflowX="auto">
              <Code variant="plain" fontSize="sm" whiteSpace="nowrap" data-testid="two-factor-secret">
                {setup.secret}
              </Code>
            </Box>
            <Field.Root required invalid={Boolean(error)}>
              <Field.Label>2. Enter the 6-digit code it shows</Field.Label>
              <Input
                name="two-factor-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                maxLength={6}
                maxW="40"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value.replace(/\D/g, ''));
                  setError(null);
                }}
              />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="2">
              <Button type="submit" colorPalette="purple" loading={enabling} loadingText="Turning on…">
                Turn on
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `CollabHub recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'collabhub-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="4" role="region" aria-label="Recovery codes">
      <Text fontSize="sm">
        <strong>Save these recovery codes now.</strong> If you lose your phone, each one signs you in once instead of a code. They are shown only this
        time.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" bg="bg.muted" borderWidth="1px" rounded="md" p="3" data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c} variant="plain" fontSize="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <HStack gap="2" flexWrap="wrap">
        <Clipboard.Root value={text}>
          <Clipboard.Trigger asChild>
            <Button variant="outline" size="sm">
              <Clipboard.Indicator />
              Copy
            </Button>
          </Clipboard.Trigger>
        </Clipboard.Root>
        <Button variant="outline" size="sm" onClick={download}>
          <LuDownload aria-hidden />
          Download
        </Button>
        <Button colorPalette="purple" size="sm" onClick={onDone}>
          I saved them
        </Button>
      </HStack>
    </Stack>
  );
}

function Enabled({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [disable, { loading }] = useDisableTwoFactorMutation({ refetchQueries: [MyTwoFactorDocument], awaitRefetchQueries: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await disable({ variables: { input: { password, code: code.trim() } } });
      toast.info(MSG.twoFactorDisabled);
    } catch (err) {
      const message = errorMessage(err, 'Could not turn off two-step sign-in');
      const field = errorField(err);
      setErrors(field === 'password' ? { password: message } : field === 'code' ? { code: message } : { form: message });
    }
  };

  return (
    <Stack gap="4">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette="green" variant="surface">
          On
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {recoveryCodesLeft} of 10 recovery codes left.
        </Text>
      </HStack>
      {!open ? (
        <Button variant="outline" colorPalette="red" size="sm" alignSelf="start" onClick={() => setOpen(true)}>
          Turn off…
        </Button>
      ) : (
        <Stack asChild gap="3" maxW="md">
          <form onSubmit={submit} noValidate aria-label="Turn off two-step sign-in">
            <Field.Root required invalid={Boolean(errors.password)}>
              <Field.Label>Password</Field.Label>
              <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(event) => (setPassword(event.target.value), setErrors({}))} />
              {errors.password && <Field.ErrorText>{errors.password}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.code)}>
              <Field.Label>Authenticator code or recovery code</Field.Label>
              <Input name="two-factor-code" autoComplete="one-time-code" value={code} onChange={(event) => (setCode(event.target.value), setErrors({}))} />
              {errors.code && <Field.ErrorText>{errors.code}</Field.ErrorText>}
            </Field.Root>
            <FormError message={errors.form ?? null} />
            <HStack gap="2">
              <Button type="submit" colorPalette="red" loading={loading} loadingText="Turning off…">
                Turn off two-step sign-in
              </Button>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </HStack>
          </form>
        </Stack>
      )}
    </Stack>
  );
}
