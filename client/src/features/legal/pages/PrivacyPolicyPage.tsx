import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { LegalDocument } from '../components/LegalDocument';
import { PRIVACY_POLICY } from '../components/privacy-policy-content';

/** /privacy-policy */
export function PrivacyPolicyPage() {
  useDocumentTitle(PRIVACY_POLICY.title);
  return <LegalDocument {...PRIVACY_POLICY} />;
}
