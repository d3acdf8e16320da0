import type { ApolloCache } from '@apollo/client';
import { Box, Button, Clipboard, Code, HStack, Skeleton, Stack, Checkbox, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import {
  CalendarFeedSettingsDocument,
  useCalendarFeedSettingsQuery,
  useRegenerateCalendarFeedMutation,
  useSetCalendarFeedFreeHoursMutation,
  type CalendarFeedSettingsQuery,
  type SettingsCalendarFeedFragment,
} from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { withToasts } from '../../../shared/lib/toast-action';
import { SETTINGS_MESSAGES as MSG } from '../lib/settings';
import { SettingsSection } from './SettingsSection';

/** #calendar: the private .ics feed URL (copy, regenerate), and for creators their free hours in it. */
export function CalendarSection() {
  const { data, loading, error } = useCalendarFeedSettingsQuery();
  const feed = data?.calendarFeed;

  return (
    <SettingsSection
      id="calendar"
      title="Calendar feed"
      description="Subscribe to this private URL in Google Calendar, Apple Calendar or Outlook to see your confirmed bookings there."
    >
      {loading && !feed ? (
        <Skeleton h="24" rounded="md" />
      ) : !feed ? (
        <FormError message={errorMessage(error, 'Could not load your calendar feed')} />
      ) : (
        <Stack gap="4">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium" id="calendar-feed-label">
              Your feed URL
            </Text>
            <HStack gap="2" align="stretch" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              {/* Full width on a phone (buttons below it), so the URL stays readable. */}
              {/* Scrolls sideways when the URL is long: focusable, so a keyboard can scroll it too. */}
              <Box
                flex="1"
                flexBasis={{ base: '100%', sm: '0' }}
                minW="0"
                bg="bg.muted"
                borderWidth="1px"
                rounded="md"
                px="3"
                py="2"
                overflowX="auto"
                tabIndex={0}
                role="region"
                aria-labelledby="calendar-feed-label"
              >
                <Code variant="plain" fontSize="sm" whiteSpace="nowrap" data-testid="calendar-feed-url">
                  {feed.url}
                </Code>
              </Box>
              <Clipboard.Root value={feed.url}>
                <Clipboard.Trigger asChild>
                  <Button size="sm" variant="outline" h="full" minH="9">
                    <Clipboard.Indicator />
                    <Clipboard.CopyText />
                  </Button>
                </Clipboard.Trigger>
              </Clipboard.Root>
              <RegenerateDialog />
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              Keep it private: anyone with the URL can see your bookings. If it leaked, make a new one.
            </Text>
          </Stack>
          {feed.canIncludeFreeHours && <FreeHoursSwitch on={feed.includeFreeHours} />}
        </Stack>
      )}
    </SettingsSection>
  );
}

/** The feed has no id to normalise by: a mutation's answer replaces the page's copy explicitly. */
function replaceFeed(cache: ApolloCache<unknown>, feed: SettingsCalendarFeedFragment | undefined) {
  if (feed) cache.writeQuery<CalendarFeedSettingsQuery>({ query: CalendarFeedSettingsDocument, data: { calendarFeed: feed } });
}

function RegenerateDialog() {
  const [regenerate, { loading }] = useRegenerateCalendarFeedMutation({ update: (cache, { data }) => replaceFeed(cache, data?.regenerateCalendarFeed) });
  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" h="full" minH="9">
          <LuRefreshCw aria-hidden />
          Regenerate
        </Button>
      }
      title="Make a new calendar URL?"
      confirmLabel="Regenerate URL"
      confirmPalette="red"
      loading={loading}
      onConfirm={() => withToasts(() => regenerate(), { success: MSG.feedRegenerated, failure: MSG.feedRegenerateFailed })}
    >
      <Text>
        The current URL stops working at once. Calendars subscribed to it stop updating until you subscribe them to the new URL.
      </Text>
    </ActionDialog>
  );
}

function FreeHoursSwitch({ on }: { on: boolean }) {
  const [setFreeHours, { loading }] = useSetCalendarFeedFreeHoursMutation({ update: (cache, { data }) => replaceFeed(cache, data?.setCalendarFeedFreeHours) });
  // Shown at once while saving; dropped afterwards, so a refused change goes back to the saved state.
  const [saving, setSaving] = useState<boolean | null>(null);
  const change = async (include: boolean) => {
    setSaving(include);
    await withToasts(() => setFreeHours({ variables: { include } }), { success: MSG.freeHoursSaved(include), failure: MSG.freeHoursFailed });
    setSaving(null);
  };
  return (
    <Checkbox.Root
      colorPalette="purple"
      checked={saving ?? on}
      disabled={loading}
      onCheckedChange={(details) => void change(details.checked === true)}
      alignItems="start"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label>
        <Stack gap="0.5">
          <Text fontWeight="medium">Include my free hours</Text>
          <Text fontSize="sm" color="fg.muted" fontWeight="normal">
            Your bookable hours appear as tentative blocks, so you can see them next to your other plans.
          </Text>
        </Stack>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
