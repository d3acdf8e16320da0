import { Text } from '@chakra-ui/react';
import { LuLayoutDashboard } from 'react-icons/lu';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAuth } from '../../auth/hooks/useAuth';

/** /dashboard (signed in only). Placeholder until the dashboard tabs land. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  return (
    <ComingSoonPanel
      icon={LuLayoutDashboard}
      title="Dashboard"
      description="Your overview, creator discovery, profile, availability and bookings tabs are coming here next."
    >
      {user && (
        <Text fontWeight="medium">
          Welcome, <strong>{user.email}</strong>
        </Text>
      )}
    </ComingSoonPanel>
  );
}
