import { Badge, Box, Tabs } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { IconType } from 'react-icons';
import { LuCalendarCheck, LuCalendarClock, LuCode, LuCompass, LuLayoutDashboard, LuMessagesSquare, LuUser } from 'react-icons/lu';
import { useUnreadNotificationCountQuery, type MyProfile_ProfileFragment } from '../../../gql/graphql';
import { AvailabilityTab } from '../../availability/components/AvailabilityTab';
import { BookingsTab } from '../../bookings/components/BookingsTab';
import { MessagesTab } from '../../conversations/components/MessagesTab';
import { DevelopersTab } from '../../developers/components/DevelopersTab';
import { DiscoverTab } from '../../discover/components/DiscoverTab';
import { OverviewTab } from '../../overview/components/OverviewTab';
import { ProfileTab } from '../../profile/components/ProfileTab';
import { useDashboardTab } from '../hooks/useDashboardTab';
import { tabsFor, type DashboardTab } from '../lib/dashboard-tabs';

const TAB_META: Record<DashboardTab, { label: string; icon: IconType }> = {
  overview: { label: 'Overview', icon: LuLayoutDashboard },
  discover: { label: 'Discover', icon: LuCompass },
  profile: { label: 'Profile', icon: LuUser },
  availability: { label: 'Availability', icon: LuCalendarClock },
  bookings: { label: 'Bookings', icon: LuCalendarCheck },
  messages: { label: 'Messages', icon: LuMessagesSquare },
  developers: { label: 'Developers', icon: LuCode },
};

/** The dashboard of a user with a profile: its tabs, the selected one kept in the URL. */
export function DashboardTabs({ profile }: { profile: MyProfile_ProfileFragment }) {
  const tabs = tabsFor(profile.accountType);
  const [tab, selectTab] = useDashboardTab(tabs);
  const listRef = useRef<HTMLDivElement>(null);
  // The bell's counts by where they lead (kept live by the bell's subscription in the same cache).
  const summary = useUnreadNotificationCountQuery({ fetchPolicy: 'cache-first' }).data?.unreadNotificationSummary;
  const unreadOf: Partial<Record<DashboardTab, number>> = { bookings: summary?.bookings ?? 0, messages: summary?.messages ?? 0 };

  // On a phone the tab row scrolls sideways: keep the selected tab in it visible (e.g. Developers,
  // opened by a link, was off-screen to the right). Only the row scrolls, never the page.
  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !selected) return;
    const left = selected.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    const right = left + selected.getBoundingClientRect().width;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
  }, [tab]);

  const panel = (value: DashboardTab) => {
    switch (value) {
      case 'overview':
        // Remounted on every visit, so its figures are refetched after work in the other tabs.
        return tab === 'overview' ? <OverviewTab profile={profile} onOpenTab={selectTab} /> : null;
      case 'discover':
        return <DiscoverTab />;
      case 'profile':
        return <ProfileTab profile={profile} />;
      case 'availability':
        return <AvailabilityTab profile={profile} />;
      case 'bookings':
        return <BookingsTab profile={profile} />;
      case 'messages':
        return <MessagesTab accountType={profile.accountType === 'CREATOR' ? 'CREATOR' : 'BRAND'} />;
      case 'developers':
        return <DevelopersTab />;
    }
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => selectTab(details.value as DashboardTab)}
      variant="line"
      lazyMount
      size={{ base: 'sm', md: 'md' }}
    >
      <Tabs.List ref={listRef} overflowX="auto" overflowY="hidden" scrollbarWidth="none" mb={{ base: '5', md: '8' }}>
        {tabs.map((value) => {
          const { label, icon: Icon } = TAB_META[value];
          const unread = unreadOf[value] ?? 0;
          return (
            <Tabs.Trigger
              key={value}
              value={value}
              flexShrink={0}
              px={{ base: '1.5', sm: '3' }}
              fontSize={{ base: 'xs', sm: 'sm' }}
            >
              <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
                <Icon aria-hidden />
              </Box>
              {label}
              {unread > 0 && (
                <Badge
                  colorPalette="red"
                  variant="solid"
                  rounded="full"
                  size="sm"
                  minW="5"
                  justifyContent="center"
                  aria-label={`${unread} unread`}
                  data-testid={`tab-unread-${value}`}
                >
                  {unread > 99 ? '99+' : unread}
                </Badge>
              )}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {tabs.map((value) => (
        <Tabs.Content key={value} value={value} pt="0">
          {panel(value)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
