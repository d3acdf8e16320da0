import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LuList, LuPlus, LuRefreshCw, LuSend, LuTrash2, LuWebhook } from 'react-icons/lu';
import {
  WebhookEndpointsDocument,
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useDisableWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestEventMutation,
  useUpdateWebhookEndpointMutation,
  useWebhookEndpointsQuery,
  type DeveloperWebhookEndpointFragment,
} from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { withToasts } from '../../../shared/lib/toast-action';
import { DEVELOPER_MESSAGES as MSG, shortDate } from '../lib/developers';
import { DeliveryLog } from './DeliveryLog';
import { EventCatalog } from './EventCatalog';
import { ReasonField } from './ReasonField';
import { SecretReveal } from './SecretReveal';
import { FreshCodeField } from '../../auth/components/FreshCodeField';

/** Webhook endpoints: add (secret shown once), event types, rotate the secret, delete, delivery log. */
export function WebhooksSection() {
  const { data, loading } = useWebhookEndpointsQuery({ fetchPolicy: 'cache-and-network' });
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const endpoints = data?.webhookEndpoints ?? [];
  const eventTypes = data?.webhookEventTypes ?? [];

  return (
    <Stack gap="4" as="section" aria-labelledby="webhooks-heading">
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Box>
          <Heading id="webhooks-heading" size="md">
            Webhooks
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            We POST signed events (Standard Webhooks) to your endpoints and retry for 3 days.
          </Text>
        </Box>
        <CreateEndpointDialog
          eventTypes={eventTypes}
          onCreated={(value) => setSecret({ label: 'Signing secret of your new endpoint', value })}
        />
      </HStack>
      {secret && <SecretReveal label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      {loading && !data ? (
        <Skeleton h="24" borderRadius="md" />
      ) : (
        <WebhookEndpointList
          endpoints={endpoints}
          emptyText="No webhook endpoints yet."
          onRotated={(endpoint, value) => setSecret({ label: `New signing secret for ${endpoint.url}`, value })}
        />
      )}
      <EventCatalog />
    </Stack>
  );
}

interface WebhookEndpointListProps {
  endpoints: readonly DeveloperWebhookEndpointFragment[];
  emptyText: string;
  /** Given: the owner's console (rotate, enable/disable, delete, resend, replay). Absent: read-only (support). */
  onRotated?: (endpoint: DeveloperWebhookEndpointFragment, secret: string) => void;
  /** Support's console: Disable, with the reason the owner will read (the only change support may make). */
  supportDisable?: boolean;
}

/** Endpoint cards with their delivery log: the own console, and read-only in the support console. */
export function WebhookEndpointList({ endpoints, emptyText, onRotated, supportDisable = false }: WebhookEndpointListProps) {
  if (endpoints.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="4">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="3">
      {endpoints.map((endpoint) => (
        <EndpointCard
          key={endpoint.id}
          endpoint={endpoint}
          onRotated={onRotated && ((value) => onRotated(endpoint, value))}
          supportDisable={supportDisable}
        />
      ))}
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  onRotated,
  supportDisable,
}: {
  endpoint: DeveloperWebhookEndpointFragment;
  onRotated?: (secret: string) => void;
  supportDisable: boolean;
}) {
  // Opened from a link to this endpoint (the e-mail telling its owner it was disabled): shown with its log.
  const [params] = useSearchParams();
  const linked = params.get('endpoint') === endpoint.id;
  const [showLog, setShowLog] = useState(linked);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  return (
    <Card.Root
      ref={card}
      size="sm"
      variant="outline"
      data-testid="webhook-endpoint-card"
      borderColor={linked ? 'purple.solid' : undefined}
      scrollMarginTop="20"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" minW="0">
              <LuWebhook aria-hidden />
              <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" truncate title={endpoint.url}>
                {endpoint.url}
              </Text>
              <Badge colorPalette={endpoint.enabled ? 'green' : 'red'} size="sm" flexShrink={0}>
                {endpoint.enabled ? 'enabled' : 'disabled'}
              </Badge>
            </HStack>
            <Wrap gap="1">
              {endpoint.eventTypes.map((type) => (
                <Badge key={type} variant="outline" size="sm" fontFamily="mono">
                  {type}
                </Badge>
              ))}
            </Wrap>
            <Text fontSize="xs" color="fg.muted">
              Added {shortDate(endpoint.createdAt)}
              {endpoint.previousSecretExpiresAt
                ? ` · previous secret signs until ${new Date(endpoint.previousSecretExpiresAt).toLocaleString()}`
                : ''}
              {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ''}
            </Text>
          </Stack>
          <Wrap gap="1" justify={{ base: 'flex-start', sm: 'flex-end' }}>
            <Button size="xs" variant="outline" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
              <LuList aria-hidden />
              {showLog ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            {onRotated && <SendTestButton endpoint={endpoint} onSent={() => setShowLog(true)} />}
            {onRotated && <OwnerActions endpoint={endpoint} onRotated={onRotated} />}
            {supportDisable && endpoint.enabled && <SupportDisableDialog endpoint={endpoint} />}
          </Wrap>
        </HStack>
        {showLog && <DeliveryLog endpointId={endpoint.id} enabled={endpoint.enabled} readOnly={!onRotated} />}
      </Card.Body>
    </Card.Root>
  );
}

/** "Send test event": a signed webhook_endpoint.test to this endpoint now; its delivery shows in the log. */
function SendTestButton({ endpoint, onSent }: { endpoint: DeveloperWebhookEndpointFragment; onSent: () => void }) {
  const [send, { loading }] = useSendWebhookTestEventMutation({ refetchQueries: ['WebhookDeliveries'] });
  return (
    <Button
      size="xs"
      variant="outline"
      loading={loading}
      disabled={!endpoint.enabled}
      title={endpoint.enabled ? undefined : 'Enable the endpoint first'}
      onClick={async () => {
        const sent = await withToasts(() => send({ variables: { endpointId: endpoint.id } }), {
          success: MSG.testSent,
          failure: MSG.testFailed,
        });
        if (sent) onSent();
      }}
    >
      <LuSend aria-hidden />
      Send test event
    </Button>
  );
}

/** Support stops an endpoint's deliveries, saying why (the owner reads it and enables the endpoint again). */
function SupportDisableDialog({ endpoint }: { endpoint: DeveloperWebhookEndpointFragment }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [disable, { loading }] = useDisableWebhookEndpointMutation();
  return (
    <ActionDialog
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          Disable
        </Button>
      }
      title="Disable this endpoint?"
      confirmLabel="Disable endpoint"
      confirmPalette="red"
      loading={loading}
      onOpenChange={(open) => open && (setReason(''), setError(null))}
      onConfirm={() => {
        if (!reason.trim()) {
          setError(MSG.reasonRequired);
          return false;
        }
        return withToasts(() => disable({ variables: { id: endpoint.id, reason: reason.trim() } }), {
          success: MSG.endpointDisabled,
          failure: MSG.endpointDisableFailed,
        });
      }}
    >
      <Text>
        Nothing more is delivered to <b>{endpoint.url}</b> until its owner enables it again; queued deliveries wait.
      </Text>
      <ReasonField value={reason} onChange={(v) => (setReason(v), setError(null))} error={error} />
    </ActionDialog>
  );
}

/** Rotate the secret, enable/disable, delete: for the endpoint's owner only. */
function OwnerActions({
  endpoint,
  onRotated,
}: {
  endpoint: DeveloperWebhookEndpointFragment;
  onRotated: (secret: string) => void;
}) {
  const [rotate, { loading: rotating }] = useRotateWebhookSecretMutation();
  const [update, { loading: updating }] = useUpdateWebhookEndpointMutation();
  return (
    <>
      <ActionDialog
        trigger={
          <Button size="xs" variant="outline" loading={rotating}>
            <LuRefreshCw aria-hidden />
            Rotate secret
          </Button>
        }
        title="Rotate the signing secret?"
        confirmLabel="Rotate"
        confirmPalette="purple"
        loading={rotating}
        onConfirm={async () => {
          const result = await withToasts(() => rotate({ variables: { id: endpoint.id } }), {
            success: MSG.secretRotated,
            failure: MSG.secretRotateFailed,
          });
          const secret = result?.data?.rotateWebhookSecret.secret;
          if (secret) onRotated(secret);
          return secret ?? false;
        }}
      >
        <Text>
          A new secret is shown once. For the next 24 hours every delivery is signed with both the old and the new
          secret, so you can switch without missing events.
        </Text>
      </ActionDialog>
      <Button
        size="xs"
        variant="outline"
        loading={updating}
        onClick={() =>
          withToasts(() => update({ variables: { id: endpoint.id, input: { enabled: !endpoint.enabled } } }), {
            success: MSG.endpointUpdated,
            failure: MSG.endpointUpdateFailed,
          })
        }
      >
        {endpoint.enabled ? 'Disable' : 'Enable'}
      </Button>
      <DeleteEndpointDialog endpoint={endpoint} />
    </>
  );
}

function CreateEndpointDialog({
  eventTypes,
  onCreated,
}: {
  eventTypes: readonly string[];
  onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<{ field: 'url' | 'types'; message: string } | null>(null);
  const [create, { loading }] = useCreateWebhookEndpointMutation({
    refetchQueries: [WebhookEndpointsDocument],
    awaitRefetchQueries: true,
  });
  return (
    <ActionDialog
      trigger={
        <Button size="sm" colorPalette="purple">
          <LuPlus aria-hidden />
          Add endpoint
        </Button>
      }
      title="Add a webhook endpoint"
      confirmLabel="Add endpoint"
      confirmPalette="purple"
      loading={loading}
      onOpenChange={(open) => open && (setUrl(''), setCode(''), setChosen([]), setError(null))}
      onConfirm={async () => {
        if (!url.trim()) {
          setError({ field: 'url', message: MSG.urlRequired });
          return false;
        }
        if (chosen.length === 0) {
          setError({ field: 'types', message: MSG.typesRequired });
          return false;
        }
        const result = await withToasts(
          () => create({ variables: { input: { url: url.trim(), eventTypes: chosen, ...(code ? { code } : {}) } } }),
          {
            success: MSG.endpointCreated,
            failure: MSG.endpointCreateFailed,
          },
        );
        const secret = result?.data?.createWebhookEndpoint.secret;
        if (secret) onCreated(secret);
        return secret ?? false;
      }}
    >
      <Field.Root required invalid={error?.field === 'url'}>
        <Field.Label>
          Endpoint URL <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/webhooks/collabhub"
          autoFocus
        />
        <Field.HelperText>https only (plain http is accepted for localhost while developing).</Field.HelperText>
        {error?.field === 'url' && <FormError message={error.message} />}
      </Field.Root>
      {/*
        A fieldset, not a Field: a Field gives its one id to every input inside it, so all these
        checkboxes shared one id and a click on any of them ticked the first ("booking.created").
      */}
      <Fieldset.Root invalid={error?.field === 'types'}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          Events{' '}
          <Text as="span" color="fg.error" aria-hidden>
            *
          </Text>
        </Fieldset.Legend>
        <Fieldset.HelperText>Pick the events this endpoint receives.</Fieldset.HelperText>
        <CheckboxGroup value={chosen} onValueChange={setChosen} name="eventTypes">
          <Stack gap="1.5" mt="1">
            {eventTypes.map((type) => (
              <Checkbox.Root key={type} value={type} size="sm">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontFamily="mono">{type}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </CheckboxGroup>
        {error?.field === 'types' && <FormError message={error.message} />}
      </Fieldset.Root>
      <FreshCodeField value={code} onChange={setCode} />
    </ActionDialog>
  );
}

function DeleteEndpointDialog({ endpoint }: { endpoint: DeveloperWebhookEndpointFragment }) {
  const [remove, { loading }] = useDeleteWebhookEndpointMutation({
    refetchQueries: [WebhookEndpointsDocument],
    awaitRefetchQueries: true,
  });
  return (
    <ActionDialog
      trigger={
        <Button size="xs" variant="ghost" colorPalette="red">
          <LuTrash2 aria-hidden />
          Delete
        </Button>
      }
      title="Delete this endpoint?"
      confirmLabel="Delete endpoint"
      confirmPalette="red"
      loading={loading}
      onConfirm={() =>
        withToasts(() => remove({ variables: { id: endpoint.id } }), {
          success: MSG.endpointDeleted,
          failure: MSG.endpointDeleteFailed,
        })
      }
    >
      <Text>
        Nothing more is sent to <b>{endpoint.url}</b>, and its delivery log is deleted.
      </Text>
    </ActionDialog>
  );
}
