import {
  useApproveDeliveryMutation,
  useConfirmBookingBriefMutation,
  usePutBookingBriefMutation,
  useRequestDeliveryChangesMutation,
  useSubmitDeliveryMutation,
  type BookingBriefInput,
  type SubmitDeliveryInput,
} from '../../../gql/graphql';
import { withToasts } from '../../../shared/lib/toast-action';
import { uploadAll } from '../../../shared/lib/upload-file';

/** The brief, the deliveries and the booker's answers, each one action with its toasts. */
export function useBookingWork() {
  const [putBrief, put] = usePutBookingBriefMutation();
  const [confirmBrief, confirm] = useConfirmBookingBriefMutation();
  const [submitDelivery, submit] = useSubmitDeliveryMutation();
  const [approveDelivery, approve] = useApproveDeliveryMutation();
  const [requestChanges, changes] = useRequestDeliveryChangesMutation();
  return {
    busy: put.loading || confirm.loading || submit.loading || approve.loading || changes.loading,
    saveBrief: (bookingId: string, input: Omit<BookingBriefInput, 'fileIds'>, keptFileIds: string[], newFiles: File[]) =>
      withToasts(
        async () => {
          const uploaded = await uploadAll(newFiles);
          return putBrief({ variables: { bookingId, input: { ...input, fileIds: [...keptFileIds, ...uploaded] } } });
        },
        { success: 'Brief saved: the creator is asked to confirm it', failure: 'Could not save the brief' },
      ),
    confirmBrief: (bookingId: string, version: number) =>
      withToasts(() => confirmBrief({ variables: { bookingId, version } }), { success: 'Brief confirmed', failure: 'Could not confirm the brief' }),
    submitDelivery: (bookingId: string, input: Omit<SubmitDeliveryInput, 'fileIds'>, files: File[]) =>
      withToasts(
        async () => {
          const fileIds = await uploadAll(files);
          return submitDelivery({ variables: { bookingId, input: { ...input, fileIds } } });
        },
        { success: 'Delivery submitted: the brand has been asked to review it', failure: 'Could not submit the delivery' },
      ),
    approve: (bookingId: string, deliveryId: string) =>
      withToasts(() => approveDelivery({ variables: { bookingId, deliveryId } }), { success: 'Delivery approved: the booking is complete', failure: 'Could not approve the delivery' }),
    requestChanges: (bookingId: string, deliveryId: string, note: string) =>
      withToasts(() => requestChanges({ variables: { bookingId, deliveryId, note } }), { success: 'Changes requested', failure: 'Could not request changes' }),
  };
}
