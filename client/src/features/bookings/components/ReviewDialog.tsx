import { Button, Field, RatingGroup, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { useReviewBooking } from '../hooks/useReviewBooking';

/** Review: 1-5 stars (submit disabled at 0) and an optional comment, trimmed. */
export function ReviewDialog({ bookingId, revieweeName }: { bookingId: string; revieweeName: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const { review, reviewing } = useReviewBooking();

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline">
          Review
        </Button>
      }
      title={`Review ${revieweeName}`}
      confirmLabel="Submit Review"
      confirmDisabled={rating < 1}
      loading={reviewing}
      onOpenChange={(open) => {
        if (open) {
          setRating(0);
          setComment('');
        }
      }}
      onConfirm={() => (rating < 1 ? false : review(bookingId, rating, comment))}
    >
      <RatingGroup.Root
        count={5}
        value={rating}
        onValueChange={(details) => setRating(details.value)}
        size="lg"
        colorPalette="yellow"
      >
        <RatingGroup.Label>Rating</RatingGroup.Label>
        <RatingGroup.HiddenInput />
        <RatingGroup.Control>
          <RatingGroup.Items />
        </RatingGroup.Control>
      </RatingGroup.Root>
      <Text textStyle="xs" color="fg.muted" aria-live="polite">
        {rating ? `${rating} of 5 stars` : 'Choose 1 to 5 stars'}
      </Text>
      <Field.Root>
        <Field.Label>Comment (optional)</Field.Label>
        <Textarea
          value={comment}
          rows={4}
          placeholder="How was the collaboration?"
          onChange={(event) => setComment(event.target.value)}
        />
      </Field.Root>
    </ActionDialog>
  );
}
