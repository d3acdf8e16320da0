import { Badge, Box, Button, Code, Grid, Heading, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, useEffect, useState } from 'react';
import { LuHistory, LuSend } from 'react-icons/lu';
import {
  useReplayWebhookEventsMutation,
  useResendWebhookDeliveryMutation,
  useWebhookDeliveriesQuery,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryStatus,
} from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { withToasts } from '../../../shared/lib/toast-action';
import { dateTime, DEVELOPER_MESSAGES as MSG, toLocalInput } from '../lib/developers';

const PAGE = 20;
const PENDING_POLL_MS = 3_000;
const STATUS_PALETTE: Record<WebhookDeliveryStatus, string> = { PENDING: 'yellow', SUCCEEDED: 'green', FAILED: 'red' };

/** An endpoint's deliveries, newest first: status, attempts, response; Resend and "Replay since…" unless read-only (support). */
export function DeliveryLog({
  endpointId,
  enabled,
  readOnly = false,
}: {
  endpointId: string;
  enabled: boolean;
  readOnly?: boolean;
}) {
  const { data, loading, fetchMore, refetch, startPolling, stopPolling } = useWebhookDeliveriesQuery({
    variables: { endpointId, first: PAGE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [resend] = useResendWebhookDeliveryMutation();
  const log = data?.webhookDeliveries;
  // A delivery still pending (first try under way, or a retry scheduled) is watched until it settles.
  const pending = log?.edges.some(({ node }) => node.status === 'PENDING') ?? false;
  useEffect(() => {
    if (!pending) return;
    startPolling(PENDING_POLL_MS);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Stack gap="2" data-testid="delivery-log">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontSize="sm" fontWeight="medium">
          Deliveries {log ? `(${log.totalCount})` : ''}
        </Text>
        <HStack gap="1">
          <Button size="xs" variant="ghost" onClick={() => refetch()}>
            Refresh
          </Button>
          {!readOnly && <ReplayDialog endpointId={endpointId} disabled={!enabled} onReplayed={() => refetch()} />}
        </HStack>
      </HStack>
      {loading && !log ? (
        <Skeleton h="16" />
      ) : !log || log.edges.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No deliveries yet. Events you subscribed to appear here as they happen.
        </Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" minW="560px">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>Response</Table.ColumnHeader>
                <Table.ColumnHeader>Last attempt</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {log.edges.map(({ node: d }) => (
                <Fragment key={d.id}>
                  <Table.Row data-testid="delivery-row">
                    <Table.Cell>
                      <Button
                        size="2xs"
                        variant="plain"
                        px="0"
                        fontFamily="mono"
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                        aria-expanded={open === d.id}
                      >
                        {d.eventType}
                      </Button>
                      {d.test && (
                        <Badge size="sm" variant="outline" ms="1.5">
                          test
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge size="sm" colorPalette={STATUS_PALETTE[d.status]}>
                        {d.status.toLowerCase()}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{d.attempts}</Table.Cell>
                    <Table.Cell>
                      {d.responseStatus ?? '—'}
                      {d.responseTimeMs !== null ? (
                        <Text as="span" color="fg.muted">{` · ${d.responseTimeMs} ms`}</Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{dateTime(d.lastAttemptAt)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {!readOnly && (
                        <Button
                          size="2xs"
                          variant="outline"
                          disabled={!enabled}
                          onClick={() =>
                            withToasts(() => resend({ variables: { id: d.id } }).then(() => refetch()), {
                              success: MSG.resent,
                              failure: MSG.resendFailed,
                            })
                          }
                        >
                          <LuSend aria-hidden />
                          Resend
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                  {open === d.id && (
                    <Table.Row>
                      <Table.Cell colSpan={6} bg="bg.subtle" p="3">
                        <DeliveryDetail delivery={d} />
                      </Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {log?.pageInfo.hasNextPage && (
        <Button
          size="xs"
          variant="ghost"
          alignSelf="center"
          loading={loading}
          onClick={() => fetchMore({ variables: { after: log.pageInfo.endCursor } })}
        >
          Show older
        </Button>
      )}
    </Stack>
  );
}

function ReplayDialog({
  endpointId,
  disabled,
  onReplayed,
}: {
  endpointId: string;
  disabled: boolean;
  onReplayed: () => void;
}) {
  const [since, setSince] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [replay, { loading }] = useReplayWebhookEventsMutation();
  return (
    <ActionDialog
      trigger={
        <Button size="xs" variant="outline" disabled={disabled}>
          <LuHistory aria-hidden />
          Replay since…
        </Button>
      }
      title="Replay events"
      confirmLabel="Replay"
      confirmPalette="purple"
      loading={loading}
      onOpenChange={(isOpen) => isOpen && (setSince(toLocalInput(new Date(Date.now() - 3_600_000))), setError(null))}
      onConfirm={async () => {
        if (!since) {
          setError(MSG.sinceRequired);
          return false;
        }
        const result = await withToasts(
          () => replay({ variables: { endpointId, since: new Date(since).toISOString() } }),
          {
            success: (r) => `${r.data?.replayWebhookEvents.queued ?? 0} events queued again`,
            failure: MSG.replayFailed,
          },
        );
        if (result) onReplayed();
        return result;
      }}
    >
      <Text fontSize="sm">
        Every event since this time that this endpoint subscribes to is sent again (at most 1,000).
      </Text>
      <Input
        type="datetime-local"
        aria-label="Replay since"
        value={since}
        onChange={(e) => setSince(e.target.value)}
        max={toLocalInput(new Date())}
      />
      <FormError message={error} />
    </ActionDialog>
  );
}

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['edges'][number]['node'];

/** Pretty JSON when the text is JSON, else the text as it came. */
function pretty(text: string | null | undefined): string {
  if (!text) return '(empty)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Headers({ headers, label }: { headers: readonly { name: string; value: string }[] | null | undefined; label: string }) {
  if (!headers || headers.length === 0) return <Text color="fg.muted">No headers yet.</Text>;
  return (
    <Box as="dl" aria-label={label} fontFamily="mono" fontSize="xs" data-testid={`${label.toLowerCase().replace(/ /g, '-')}`}>
      {headers.map((h) => (
        <Box key={h.name} display="flex" gap="2" flexWrap="wrap">
          <Text as="dt" fontWeight="semibold" flexShrink={0}>
            {h.name}:
          </Text>
          <Text as="dd" wordBreak="break-all" minW="0">
            {h.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

const Body = ({ text, label }: { text: string | null | undefined; label: string }) => (
  <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" maxH="60" overflowY="auto" aria-label={label} tabIndex={0}>
    {pretty(text)}
  </Code>
);

/** One delivery as Stripe's console shows it: the event, the request as sent (signature included) and the answer. */
function DeliveryDetail({ delivery: d }: { delivery: Delivery }) {
  return (
    <Stack gap="3" fontSize="xs" data-testid="delivery-detail" minW="0">
      <Stack gap="0.5">
        <Text>
          Event <Code fontSize="xs">{d.eventId}</Code> · {dateTime(d.eventCreatedAt)}
          {d.test ? ' · test event from the console' : ''}
        </Text>
        <Text color="fg.muted">
          Delivery <Code fontSize="xs">{d.id}</Code> (the webhook-id header)
          {d.nextAttemptAt ? ` · next attempt ${dateTime(d.nextAttemptAt)}` : ''}
        </Text>
        {d.error && <Text color="fg.error">Error: {d.error}</Text>}
      </Stack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        <Stack gap="1.5" minW="0">
          <Heading as="h4" size="xs">
            Request
          </Heading>
          <Headers headers={d.requestHeaders} label="Request headers" />
          <Body text={d.requestBody} label="Request body" />
        </Stack>
        <Stack gap="1.5" minW="0">
          <Heading as="h4" size="xs">
            Response {d.responseStatus !== null ? d.responseStatus : ''}
            {d.responseTimeMs !== null ? ` · ${d.responseTimeMs} ms` : ''}
          </Heading>
          <Headers headers={d.responseHeaders} label="Response headers" />
          <Text color="fg.muted">Body (first 2 KB):</Text>
          <Body text={d.responseBody} label="Response body" />
        </Stack>
      </Grid>
    </Stack>
  );
}
