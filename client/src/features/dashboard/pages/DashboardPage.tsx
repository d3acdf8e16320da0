import { Alert, Spinner, Stack } from '@chakra-ui/react';
import { Navigate } from 'react-router-dom';
import { PageContainer } from '../../../shared/components/content/PageContainer';
import { VerifyEmailBanner } from '../../auth/components/VerifyEmailBanner';
import { PageSpinner } from '../../../shared/components/PageSpinner';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { errorCode } from '../../../shared/lib/error-message';
import { TwoFactorNudge } from '../../auth/components/TwoFactorNudge';
import { useAuth } from '../../auth/hooks/useAuth';
import { NextStepsCard } from '../../checkout/components/NextStepsCard';
import { usePaymentReturn } from '../../checkout/hooks/usePaymentReturn';
import { ProfileDialog } from '../../profile/components/ProfileDialog';
import { useMyProfile } from '../../profile/hooks/useMyProfile';
import { CreateProfileCard } from '../components/CreateProfileCard';
import { DashboardErrorBoundary } from '../components/DashboardErrorBoundary';
import { DashboardHeader } from '../components/DashboardHeader';
import { DashboardTabs } from '../components/DashboardTabs';
import { useCreateProfileDialog } from '../hooks/useCreateProfileDialog';
import { LoadErrorAlert } from '../../../shared/components/LoadErrorAlert';

/** /dashboard (signed in only; RequireAuth shows the spinner while the session is checked). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  // Support staff have no profile to create: their place is the support console.
  if (user?.role === 'SUPPORT') return <Navigate to="/support" replace />;
  return (
    <DashboardErrorBoundary>
      <Dashboard />
    </DashboardErrorBoundary>
  );
}

function Dashboard() {
  const { verifying, paidBookingId, dismiss } = usePaymentReturn();
  const { user } = useAuth();
  const { profile: loadedProfile, loading, error, refetch } = useMyProfile();
  // Spec §6: a FORBIDDEN answer on one's own profile means "no profile".
  const forbidden = errorCode(error) === 'FORBIDDEN';
  const profile = forbidden ? null : loadedProfile;
  const known = !loading && (profile !== undefined || forbidden);
  const createDialog = useCreateProfileDialog(user?.accountType ?? 'CREATOR', known ? Boolean(profile) : undefined);

  if (!user) return null;

  return (
    <PageContainer maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <VerifyEmailBanner />
        <DashboardHeader user={user} displayName={profile?.displayName} onCreateProfile={known && !profile ? createDialog.openDialog : undefined} />
        <TwoFactorNudge context="dashboard" />

        {verifying && (
          <Alert.Root status="info" rounded="xl" role="status">
            <Alert.Indicator>
              <Spinner size="sm" />
            </Alert.Indicator>
            <Alert.Title>Verifying your payment...</Alert.Title>
          </Alert.Root>
        )}

        {paidBookingId && <NextStepsCard bookingId={paidBookingId} onDismiss={dismiss} />}

        {loading ? (
          <PageSpinner label="Loading your profile" />
        ) : error && !forbidden ? (
          <LoadErrorAlert title="Failed to load your profile" error={error} onRetry={refetch} />
        ) : profile ? (
          <DashboardTabs profile={profile} />
        ) : (
          <CreateProfileCard onGetStarted={createDialog.openDialog} />
        )}
      </Stack>

      {known && !profile && (
        <ProfileDialog
          open={createDialog.open}
          onOpenChange={createDialog.setOpen}
          accountType={createDialog.formType}
        />
      )}
    </PageContainer>
  );
}
