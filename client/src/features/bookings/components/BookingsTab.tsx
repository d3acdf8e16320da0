import { Badge, Button, Center, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LuCalendarCheck } from 'react-icons/lu';
import { useBookingLinkGroupQuery, type AccountType, type BookingGroup } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { useUpdateSearchParams } from '../../../shared/hooks/useUpdateSearchParams';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { BOOKING_PARAM, useBookingFromLink } from '../hooks/useBookingFromLink';
import { useBookingGroups } from '../hooks/useBookingGroups';
import { useBookingList } from '../hooks/useBookingList';
import { defaultGroup, GROUP_META, GROUP_PARAM, groupFromParam, groupOrder } from '../lib/booking-groups';
import { BOOKING_MESSAGES, isCreatorSide } from '../lib/booking-view';
import { BookingCard } from './BookingCard';

export interface BookingsTabProfile {
  id: string;
  accountType: AccountType;
  timezone?: string;
}

/**
 * The dashboard's Bookings tab: "My Bookings" as creator and as booker, in groups (Upcoming,
 * Requests, Past, Cancelled) with their counts, live. It opens on the group the viewer picked (or
 * in the URL), else on the group of the booking a link names, else on the first group holding a
 * booking (Requests first while one waits for the viewer); while unpicked it moves on when its
 * group empties (an accepted request takes the viewer to Upcoming, where the booking went).
 */
export function BookingsTab({ profile }: { profile: BookingsTabProfile | null }) {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  // The picked group lives in the URL (`group`), so a reload or a shared link opens it. A click shows
  // at once: its group is held here until the router has rendered the URL that names it (a second
  // click before then holds the newer one, so the tab never steps back through the first).
  const urlGroup = groupFromParam(params.get(GROUP_PARAM));
  const [clicked, setClicked] = useState<BookingGroup | null>(null);
  if (clicked && clicked === urlGroup) setClicked(null);
  const picked = clicked ?? urlGroup;
  const linkedId = params.get(BOOKING_PARAM);
  const linked = useBookingLinkGroupQuery({ variables: { id: linkedId ?? '' }, skip: !linkedId || Boolean(picked) });
  const summary = useBookingGroups();

  const [auto, setAuto] = useState<BookingGroup | null>(null);
  useEffect(() => {
    if (summary && (!auto || summary.counts[auto] === 0)) {
      const next = defaultGroup(summary);
      if (next !== auto) setAuto(next);
    }
  }, [summary, auto]);

  const linkedGroup = linkedId && !linked.loading ? (linked.data?.booking.group ?? null) : null;
  const waitingForLink = Boolean(linkedId && !picked && linked.loading);
  const group = picked ?? linkedGroup ?? (waitingForLink ? null : auto);

  const list = useBookingList(group);
  useBookingFromLink(list.bookings.map((booking) => booking.id));

  // A pick is the viewer's click (or Enter/Space) on a group's tab, nothing else. It goes into the URL
  // through the one URL writer, which builds on any write not yet rendered (the dashboard's own \`tab\`),
  // so neither is lost; replacing the entry, so Back leaves the tab instead of walking its groups.
  const pick = (next: BookingGroup) => {
    setClicked(next === urlGroup ? null : next);
    updateParams((url) => url.set(GROUP_PARAM, next.toLowerCase()), { replace: true });
  };

  const nothingAtAll = summary !== null && Object.values(summary.counts).every((n) => n === 0);

  const body = list.loading ? (
    <Center py="10" gap="3" role="status">
      <Spinner color="brand.solid" />
      <Text color="fg.muted">{BOOKING_MESSAGES.loading}</Text>
    </Center>
  ) : list.error && list.bookings.length === 0 ? (
    <FormError message={errorMessage(list.error, 'Failed to load bookings')} />
  ) : list.bookings.length === 0 ? (
    <Center py="10" px="4" textAlign="center">
      <Text color="fg.muted">{nothingAtAll || !group ? BOOKING_MESSAGES.empty : GROUP_META[group].empty}</Text>
    </Center>
  ) : (
    <Stack gap="4">
      {list.bookings.map((booking) => (
        <BookingCard key={booking.id} booking={booking} creatorSide={isCreatorSide(booking, profile?.id)} />
      ))}
      {list.hasMore && (
        <Button variant="outline" alignSelf="center" loading={list.loadingMore} onClick={() => void list.loadMore()}>
          Load more
        </Button>
      )}
    </Stack>
  );

  return (
    <PanelCard icon={LuCalendarCheck} title="My Bookings" description={BOOKING_MESSAGES.panelDescription(profile?.accountType)}>
      {group ? (
        <Tabs.Root value={group} activationMode="manual" variant="enclosed" size="sm" lazyMount unmountOnExit>
          {/* Four tabs do not fit a phone's width in one row: two rows of two there, every label whole. */}
          <Tabs.List
            aria-label="Booking groups"
            display={{ base: 'grid', sm: 'inline-flex' }}
            gridTemplateColumns="repeat(2, minmax(0, 1fr))"
            w={{ base: 'full', sm: 'auto' }}
            maxW="full"
            mb="4"
          >
            {groupOrder(summary).map((value) => {
              const count = summary?.counts[value];
              return (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  flexShrink={0}
                  justifyContent="center"
                  onClick={() => pick(value)}
                  px="3"
                  gap="2"
                >
                  {GROUP_META[value].label}
                  {count !== undefined && (
                    <>
                      {' '}
                      <Badge
                        size="sm"
                        rounded="full"
                        variant={count > 0 ? 'solid' : 'subtle'}
                        colorPalette={count > 0 ? 'brand' : 'gray'}
                      >
                        <Text as="span" srOnly>
                          (
                        </Text>
                        {count > 99 ? '99+' : count}
                        <Text as="span" srOnly>
                          )
                        </Text>
                      </Badge>
                    </>
                  )}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {groupOrder(summary).map((value) => (
            <Tabs.Content key={value} value={value} pt="0">
              {value === group ? body : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        body
      )}
    </PanelCard>
  );
}
