import { Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { AccountActivitySection } from '../components/AccountActivitySection';
import { AccountSection } from '../components/AccountSection';
import { BillingSection } from '../components/BillingSection';
import { CalendarSection } from '../components/CalendarSection';
import { EmailSection } from '../components/EmailSection';
import { NotificationsSection } from '../components/NotificationsSection';
import { SessionsSection } from '../components/SessionsSection';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { SETTINGS_SECTIONS } from '../lib/settings';

/** /settings (signed in only): e-mail notifications, the calendar feed, the account's password, two-step sign-in and sessions, what support did to it. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  useScrollToHash();

  return (
    <PageContainer maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Settings
          </Heading>
          <HStack as="nav" aria-label="Settings sections" gap="4" flexWrap="wrap">
            {SETTINGS_SECTIONS.map((section) => (
              <Link key={section.id} href={`#${section.id}`} color="brand.fg" fontSize="sm" fontWeight="medium">
                {section.label}
              </Link>
            ))}
          </HStack>
          <Text srOnly>Changes save as you make them.</Text>
        </Stack>
        <NotificationsSection />
        <CalendarSection />
        <EmailSection />
        <AccountSection />
        <BillingSection />
        <TwoFactorSection />
        <SessionsSection />
        <AccountActivitySection />
      </Stack>
    </PageContainer>
  );
}

/** `/settings#calendar` opens at that section (the router does not scroll to hashes by itself). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}
