import { Button } from '@chakra-ui/react';
import { LuUserRound } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** /streamer/:id — the creator's public profile. Placeholder for now. */
export function StreamerProfilePage() {
  useDocumentTitle('Creator profile');
  const { id } = useParams();
  return (
    <ComingSoonPanel
      icon={LuUserRound}
      title="Creator profile"
      description={`The public profile of creator ${id ?? ''} — rating, platforms, calendar, hourly slots and reviews — is coming here next.`}
    >
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </ComingSoonPanel>
  );
}
