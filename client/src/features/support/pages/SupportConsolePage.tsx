import { LuLifeBuoy } from 'react-icons/lu';
import { ComingSoonPanel } from '../../../shared/components/content/ComingSoonPanel';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** /support — the support staff console (disputes, refunds, warnings). Placeholder for now. */
export function SupportConsolePage() {
  useDocumentTitle('Support console');
  return (
    <ComingSoonPanel
      icon={LuLifeBuoy}
      title="Support console"
      description="Dispute mediation, refunds and user warnings for support staff are coming here next."
    />
  );
}
