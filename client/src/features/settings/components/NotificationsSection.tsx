import { Badge, HStack, Skeleton, Stack, Checkbox, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLock } from 'react-icons/lu';
import {
  NotificationSettingsDocument,
  useNotificationSettingsQuery,
  useUpdateEmailPreferenceMutation,
  type NotificationSettingsQuery,
  type SettingsEmailPreferenceFragment,
} from '../../../gql/graphql';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { withToasts } from '../../../shared/lib/toast-action';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

/** #notifications: per kind, e-mail on or off; payment and dispute kinds are locked on. */
export function NotificationsSection() {
  const { data, loading, error } = useNotificationSettingsQuery();
  const kinds = data?.notificationPreferences.kinds ?? [];

  return (
    <SettingsSection id="notifications" title="E-mail notifications" description="Everything always shows in your in-app inbox. Choose what also reaches you by e-mail.">
      {loading && !data ? (
        <Skeleton h="40" rounded="md" />
      ) : error && !data ? (
        <FormError message={errorMessage(error, 'Could not load your notification settings')} />
      ) : (
        <Stack gap="0" separator={<Stack borderBottomWidth="1px" />}>
          {kinds.map((kind) => (
            <PreferenceRow key={kind.key} kind={kind} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}

function PreferenceRow({ kind }: { kind: SettingsEmailPreferenceFragment }) {
  // The preferences have no id to normalise by: the answer replaces the page's copy explicitly.
  const [update, { loading }] = useUpdateEmailPreferenceMutation({
    update(cache, { data }) {
      if (data) cache.writeQuery<NotificationSettingsQuery>({ query: NotificationSettingsDocument, data: { notificationPreferences: data.updateNotificationPreferences } });
    },
  });
  // Shown at once while saving; dropped afterwards, so a refused change goes back to the saved state.
  const [saving, setSaving] = useState<boolean | null>(null);
  const toggle = async (on: boolean) => {
    setSaving(on);
    await withToasts(() => update({ variables: { input: { kinds: [{ kind: kind.key, emailEnabled: on }] } } }), {
      success: MSG.preferenceSaved(kind.label, on),
      failure: MSG.preferenceFailed,
    });
    setSaving(null);
  };
  const descriptionId = `pref-${kind.key}-description`;

  return (
    <HStack justify="space-between" align="start" gap="4" py="3" data-testid={`preference-${kind.key}`}>
      <Stack gap="0.5" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="medium">{kind.label}</Text>
          {kind.required && (
            <Badge size="sm" colorPalette="gray" variant="surface">
              <LuLock aria-hidden />
              Always on
            </Badge>
          )}
        </HStack>
        <Text id={descriptionId} fontSize="sm" color="fg.muted">
          {kind.description}
          {kind.required && (
            <>
              <br />
              {MSG.lockedWhy}
            </>
          )}
        </Text>
      </Stack>
      <Checkbox.Root
        colorPalette="purple"
        checked={saving ?? kind.emailEnabled}
        disabled={kind.required || loading}
        onCheckedChange={(details) => void toggle(details.checked === true)}
        flexShrink={0}
        mt="0.5"
      >
        <Checkbox.HiddenInput aria-describedby={descriptionId} />
        <Checkbox.Control />
        <Checkbox.Label srOnly>E-mail me about {kind.label.toLowerCase()}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}
