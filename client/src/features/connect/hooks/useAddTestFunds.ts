import { useAddTestFundsMutation } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { serverDetail } from '../../../shared/lib/server-detail';
import { toast } from '../../../shared/toast';

/** Test funds default to 50000 cents; the button says $500 (spec §9). */
export const TEST_FUNDS_CENTS = 50_000;

/** The "$500" button: tops up the platform's test balance and toasts the new balance. */
export function useAddTestFunds() {
  const [mutate, { loading }] = useAddTestFundsMutation();

  const addTestFunds = async () => {
    try {
      const { data } = await mutate({ variables: { amountCents: TEST_FUNDS_CENTS } });
      const result = data?.addTestFunds;
      toast.success(
        'Test funds added',
        result
          ? `Added ${formatCents(result.amountAddedCents)}. New available balance: ${formatCents(result.newAvailableBalanceCents)}`
          : undefined,
      );
    } catch (error) {
      toast.error('Failed to add test funds', serverDetail(error));
    }
  };

  return { addTestFunds, adding: loading };
}
