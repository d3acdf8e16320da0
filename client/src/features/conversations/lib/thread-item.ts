import type { OfferCard_OfferFragment } from '../../../gql/graphql';
import type { FileLinkData } from '../../../shared/components/FileLinks';
import type { ProposalState } from '../components/ProposalCard';

/** A thread's entry as the screen draws it (mapped from the API's message). */
export interface ThreadItem {
  id: string;
  kind: 'TEXT' | 'EVENT' | 'PROPOSAL' | 'OFFER';
  text: string;
  createdAt: string;
  /** The author's user id; null for a booking event. */
  senderId: string | null;
  fromSupport: boolean;
  /** Posted by this browser and not yet confirmed by the server. */
  sending?: boolean;
  /** A booking event: the hours of the booking it is about. */
  bookingStartTime?: string | null;
  bookingEndTime?: string | null;
  proposal?: { id: string; startTime: string; endTime: string; state: ProposalState } | null;
  /** An offer line: the custom offer its card shows. */
  offer?: OfferCard_OfferFragment | null;
  /** Files sent with a message (download links for the viewer). */
  files?: readonly FileLinkData[];
}
