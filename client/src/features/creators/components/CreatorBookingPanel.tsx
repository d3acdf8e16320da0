import { SchedulingSummary } from '../../calendar-sync/components/SchedulingSummary';
import { Box, Card, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LuCalendarDays, LuClock } from 'react-icons/lu';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useBookingViewerProfileQuery, type CreatorPageQuery } from '../../../gql/graphql';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { dialogOnDemand } from '../../../shared/components/dialog-on-demand';
import { newIdempotencyKey } from '../../../shared/lib/idempotency-key';
import { describeZone } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { toast } from '../../../shared/toast';
import { useAuth } from '../../auth/hooks/useAuth';
import { useCreateBookingCheckout } from '../hooks/useCreateBookingCheckout';
import { useCreatorSlots, useLiveSlotUpdates, type PreloadedSlots } from '../hooks/useCreatorSlots';
import { useNow } from '../hooks/useNow';
import { useSlotSelection } from '../hooks/useSlotSelection';
import { BOOKING_PARAMS, lockedDuration, parseHours } from '../lib/booking-link';
import {
  addDays,
  addMonths,
  dayKey,
  dayOf,
  dayStart,
  formatLongDate,
  isSameDay,
  parseDayKey,
  slotsByGridHour,
  startOfMonth,
} from '../lib/local-dates';
import { isSlotBookable, SELECTION_MESSAGES } from '../lib/slot-selection';
import { DurationPicker } from './DurationPicker';
import { MonthCalendar } from './MonthCalendar';
import { PriceSummary } from './PriceSummary';
import { TimeSlotGrid } from './TimeSlotGrid';

// Book's dialogs load when first opened (fetched ahead once hours are picked), not with the page.
const CheckoutDialog = dialogOnDemand(async () => (await import('./CheckoutDialog')).CheckoutDialog);
const OwnProfileTodayDialog = dialogOnDemand(
  async () => (await import('./OwnProfileTodayDialog')).OwnProfileTodayDialog,
);

type Creator = NonNullable<CreatorPageQuery['creator']>;
type Step = 'choosing' | 'own-profile-warning' | 'checkout';

/**
 * Spec §2 "Below the header": the calendar, the hour grid with the duration choice, the price
 * summary and Book → (own-profile warning) → checkout dialog → card payment page.
 */
export function CreatorBookingPanel({ creator, preloaded }: { creator: Creator; preloaded?: PreloadedSlots }) {
  const now = useNow();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const zone = useViewerZone();
  const today = dayOf(now, zone);
  const { data: mine } = useBookingViewerProfileQuery({ skip: !user });
  const myProfile = user ? mine?.myProfile : null;

  const requested = parseDayKey(params.get(BOOKING_PARAMS.date));
  const nextFree = creator.nextFreeSlots[0];
  const firstDay = nextFree ? dayOf(nextFree.startTime, zone) : today;
  const wanted = requested ?? firstDay;
  const day = wanted.getTime() >= today.getTime() ? wanted : today;
  const lockedHours = lockedDuration(params.get(BOOKING_PARAMS.duration));
  const [month, setMonth] = useState(() => startOfMonth(day));

  useLiveSlotUpdates(creator.id);
  const monthSlots = useCreatorSlots(
    creator.id,
    dayStart(startOfMonth(month), zone),
    dayStart(addMonths(month, 1), zone),
    preloaded,
  );
  const daySlotsQuery = useCreatorSlots(creator.id, dayStart(day, zone), dayStart(addDays(day, 1), zone), preloaded);
  const daySlots = useMemo(
    () => [...slotsByGridHour(daySlotsQuery.slots, day, zone).values()],
    [daySlotsQuery.slots, day, zone],
  );
  const freeDays = useMemo(() => {
    const keys = new Set<string>();
    for (const slot of monthSlots.slots) {
      const start = dayOf(slot.startTime, zone);
      if (isSlotBookable(slot, now) && slotsByGridHour([slot], start, zone).size > 0) keys.add(dayKey(start));
    }
    return keys;
  }, [monthSlots.slots, now, zone]);

  const checkout = useCreateBookingCheckout();
  // While the checkout is created the hours turn "booked" (held for us): that is no reason to drop them.
  const picked = useSlotSelection({
    daySlots,
    day: dayKey(day),
    now,
    lockedHours,
    minimumHours: creator.minimumHours,
    frozen: checkout.busy,
  });
  const [step, setStep] = useState<Step>('choosing');
  const [idempotencyKey, setIdempotencyKey] = useState('');

  // Back from signing in: restore the hours picked before.
  const restoreStart = params.get(BOOKING_PARAMS.start);
  const restoreHours = parseHours(params.get(BOOKING_PARAMS.hours));
  const slotsReady = !daySlotsQuery.loading;
  useEffect(() => {
    if (!restoreStart || !slotsReady) return;
    if (restoreHours) picked.restore(restoreStart, restoreHours);
    setParams(
      (current) => {
        current.delete(BOOKING_PARAMS.start);
        current.delete(BOOKING_PARAMS.hours);
        return current;
      },
      { replace: true },
    );
    // Runs once per restore request, when the day's slots have arrived.
  }, [restoreStart, slotsReady]);

  const selectDay = (next: Date) => {
    setParams(
      (current) => {
        current.set(BOOKING_PARAMS.date, dayKey(next));
        return current;
      },
      { replace: true },
    );
  };

  const isOwnProfile = Boolean(myProfile && myProfile.id === creator.id);
  const hourlyRateCents = creator.hourlyRateCents ?? 0;
  const range = picked.range;
  const hoursPicked = Boolean(range);
  useEffect(() => {
    if (!hoursPicked || !user) return;
    CheckoutDialog.preload();
    if (myProfile?.accountType === 'CREATOR') OwnProfileTodayDialog.preload();
  }, [hoursPicked, user, myProfile?.accountType]);
  const belowMinimum =
    range && range.hours < creator.minimumHours ? SELECTION_MESSAGES.minimumHours(creator.minimumHours) : null;

  const openCheckout = () => {
    setIdempotencyKey(newIdempotencyKey());
    checkout.resetError();
    setStep('checkout');
  };

  const book = () => {
    if (!range) return void toast.error(SELECTION_MESSAGES.none);
    if (belowMinimum) return void toast.error(belowMinimum);
    if (!user) {
      const back = new URLSearchParams(params);
      back.set(BOOKING_PARAMS.date, dayKey(day));
      back.set(BOOKING_PARAMS.start, range.firstSlotId);
      back.set(BOOKING_PARAMS.hours, String(range.hours));
      return void navigate('/auth', { state: { from: `${location.pathname}?${back.toString()}` } });
    }
    if (myProfile?.accountType === 'CREATOR' && isSameDay(day, today)) return setStep('own-profile-warning');
    openCheckout();
  };

  const confirm = async (bookingDetails: string) => {
    if (!range) return;
    const outcome = await checkout.startCheckout({
      creatorId: creator.id,
      availabilitySlotId: range.firstSlotId,
      startTime: range.startTime,
      endTime: range.endTime,
      bookingDetails: bookingDetails || null,
      idempotencyKey,
    });
    if (outcome === 'slot-taken') {
      picked.clear();
      setStep('choosing');
    }
  };

  return (
    <Stack gap="6">
      <Grid templateColumns={{ base: '1fr', lg: '22rem minmax(0, 1fr)' }} gap="6" alignItems="start">
        <PanelCard title="Pick a date" icon={LuCalendarDays}>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={day}
            onSelect={selectDay}
            today={today}
            hasFreeHours={(d) => freeDays.has(dayKey(d))}
          />
        </PanelCard>

        <PanelCard
          title="Pick your hours"
          icon={LuClock}
          description={`Times shown in your time zone, ${describeZone(zone)}. Creator's time zone: ${creator.timezone}`}
        >
          <Stack gap="5">
            <SchedulingSummary creatorId={creator.id} />
            <Heading as="h3" size="sm">
              {formatLongDate(day)}
            </Heading>
            {daySlotsQuery.loading ? (
              <Grid
                templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' }}
                gap="2"
                aria-busy="true"
              >
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} height="14" rounded="md" />
                ))}
              </Grid>
            ) : daySlotsQuery.error ? (
              <Text color="fg.error">Failed to load availability. Please try again.</Text>
            ) : (
              <TimeSlotGrid
                day={day}
                zone={zone}
                slots={daySlots}
                selection={picked.selection}
                now={now}
                onToggle={picked.toggle}
              />
            )}
            <Box maxW={{ sm: '18rem' }}>
              <DurationPicker
                value={lockedHours ?? range?.hours ?? 0}
                offered={picked.offered}
                locked={Boolean(lockedHours)}
                onChange={picked.chooseDuration}
              />
            </Box>
          </Stack>
        </PanelCard>
      </Grid>

      <GlassCard as="section" aria-label="Price summary">
        <Card.Body>
          <PriceSummary
            range={range}
            hourlyRateCents={hourlyRateCents}
            creatorTimeZone={creator.timezone}
            viewerTimeZone={zone}
            blockedReason={isOwnProfile ? 'This is your own profile: you cannot book yourself.' : null}
            warning={belowMinimum}
            onBook={book}
          />
        </Card.Body>
      </GlassCard>

      <OwnProfileTodayDialog
        open={step === 'own-profile-warning'}
        onCancel={() => setStep('choosing')}
        onContinue={openCheckout}
      />
      {range && (
        <CheckoutDialog
          open={step === 'checkout'}
          onOpenChange={(open) => !open && setStep('choosing')}
          creatorName={creator.displayName}
          creatorTimeZone={creator.timezone}
          viewerTimeZone={zone}
          hourlyRateCents={hourlyRateCents}
          range={range}
          submitting={checkout.submitting}
          error={checkout.error}
          onConfirm={confirm}
        />
      )}
    </Stack>
  );
}
