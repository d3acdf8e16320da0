import { Card } from '@chakra-ui/react';

/** A card that lets the decorative background glow through. */
export function GlassCard(props: Card.RootProps) {
  return (
    <Card.Root
      variant="outline"
      bg="surface.glass"
      backdropFilter="blur(12px)"
      borderColor="border.muted"
      rounded="2xl"
      shadow="sm"
      {...props}
    />
  );
}
