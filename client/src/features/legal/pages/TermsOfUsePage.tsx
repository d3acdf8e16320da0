import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { LegalDocument } from '../components/LegalDocument';
import { TERMS_OF_USE } from '../components/terms-of-use-content';

/** /terms-of-use */
export function TermsOfUsePage() {
  useDocumentTitle(TERMS_OF_USE.title);
  return <LegalDocument {...TERMS_OF_USE} />;
}
