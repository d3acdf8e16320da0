import type { IconType } from 'react-icons';

export interface LegalSection {
  id: string;
  title: string;
  icon: IconType;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

export interface LegalDocumentContent {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
  contact: { title: string; text: string; email: string };
}

export const LAST_UPDATED = 'September 10, 2025';
