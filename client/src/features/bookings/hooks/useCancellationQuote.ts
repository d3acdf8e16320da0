import { useBookingCancellationQuoteQuery } from '../../../gql/graphql';

/** What cancelling now would refund, read fresh from the server while the confirm dialog is open. */
export function useCancellationQuote(bookingId: string, open: boolean) {
  const { data, loading, error } = useBookingCancellationQuoteQuery({
    variables: { bookingId },
    skip: !open,
    fetchPolicy: 'network-only',
  });
  return { quote: data?.cancellationQuote, loading, error };
}
