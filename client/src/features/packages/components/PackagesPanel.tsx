import { Button, Card, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCheckoutPackageMutation, useCreatorPackagesQuery, useCreatorPageSlotsQuery, type PackageCard_PackageFragment } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { formatDateTime, dayKeyOf, zonedInstant } from '../../../shared/lib/zoned-time';
import { toast } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { goToCheckout } from '../../creators/hooks/useCreateBookingCheckout';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { packageStarts } from '../lib/package-form';
import { PackageSummary } from './PackageSummary';

const DAY_MS = 86_400_000;

/** The creator page's packages beside the hourly booking; nothing when the creator sells none. */
export function PackagesPanel({ creator }: { creator: { id: string; userId: string; displayName: string } }) {
  const { data } = useCreatorPackagesQuery({ variables: { creatorId: creator.id } });
  const packages = data?.creatorPackages ?? [];
  if (packages.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="creator-packages-heading">
      <Heading as="h2" size="lg" id="creator-packages-heading">
        Packages
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {packages.map((pkg) => (
          <Card.Root key={pkg.id} variant="outline" data-testid="package-card">
            <Card.Body gap="3">
              <PackageSummary pkg={pkg} />
              <BuyPackageButton pkg={pkg} creator={creator} />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Buy: pick a start from the creator's free hours (live packages) or a due date, then the card form. */
function BuyPackageButton({ pkg, creator }: { pkg: PackageCard_PackageFragment; creator: { userId: string; displayName: string } }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const zone = useViewerZone();
  const [checkout, { loading }] = useCheckoutPackageMutation();
  const [start, setStart] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const live = pkg.scheduledHours > 0;
  const earliest = useMemo(() => new Date(Date.now() + pkg.leadTimeDays * DAY_MS), [pkg.leadTimeDays]);
  const range = useMemo(() => ({ from: earliest.toISOString(), to: new Date(earliest.getTime() + 30 * DAY_MS).toISOString() }), [earliest]);
  const slots = useCreatorPageSlotsQuery({ variables: { creatorId: pkg.creatorId, ...range }, skip: !open || !live });
  const starts = packageStarts(slots.data?.availabilitySlots ?? [], pkg.scheduledHours, earliest);

  if (user?.id === creator.userId) return null;
  if (!user) {
    return (
      <Button alignSelf="flex-start" onClick={() => navigate('/auth', { state: { from: `${location.pathname}${location.search}` } })}>
        Sign in to buy
      </Button>
    );
  }

  const buy = async () => {
    setError(null);
    if (live && !start) return setError('Pick a start time'), false;
    if (!live && !due) return setError('Pick a due date'), false;
    try {
      const { data } = await checkout({
        variables: { input: { packageId: pkg.id, ...(live ? { startTime: start } : { dueAt: zonedInstant(due, '23:59', zone).toISOString() }) } },
      });
      const url = data?.checkoutPackage.checkoutUrl;
      if (url) goToCheckout(url, navigate);
      return true;
    } catch (caught) {
      const message = errorMessage(caught, 'Could not start the checkout');
      setError(message);
      toast.error('Could not start the checkout', message);
      if (live) void slots.refetch();
      return false;
    }
  };

  return (
    <ActionDialog
      trigger={<Button alignSelf="flex-start">Buy package</Button>}
      title={`Buy “${pkg.title}”`}
      confirmLabel="Continue to payment"
      loading={loading}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      onConfirm={buy}
    >
      <Stack gap="3">
        <PackageSummary pkg={pkg} />
        {live ? (
          <Field.Root>
            <Field.Label>Start ({pkg.scheduledHours} {pkg.scheduledHours === 1 ? 'hour' : 'hours'} of {creator.displayName}'s free time)</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={start} onChange={(e) => setStart(e.target.value)} aria-label="Start time">
                <option value="">{slots.loading ? 'Loading free hours…' : starts.length ? 'Pick a start' : 'No free hours in the next 30 days'}</option>
                {starts.map((s) => (
                  <option key={s} value={s}>
                    {formatDateTime(s, zone)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : (
          <Field.Root>
            <Field.Label>Due date</Field.Label>
            <Input type="date" min={dayKeyOf(earliest, zone)} value={due} onChange={(e) => setDue(e.target.value)} />
            <Field.HelperText>
              {pkg.leadTimeDays > 0 ? `At least ${pkg.leadTimeDays} ${pkg.leadTimeDays === 1 ? 'day' : 'days'} from now.` : 'Any day from today.'}
            </Field.HelperText>
          </Field.Root>
        )}
        <Text textStyle="xs" color="fg.muted">
          The price is held on your card until {creator.displayName} accepts, like an hourly booking. Times are in your time zone ({zone}).
        </Text>
        {error && <FormError message={error} />}
      </Stack>
    </ActionDialog>
  );
}
