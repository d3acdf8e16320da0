import { Span, type SpanProps } from '@chakra-ui/react';

/** Inline text painted with the brand gradient. */
export function GradientText(props: SpanProps) {
  return (
    <Span
      bgGradient="to-r"
      gradientFrom="brand.solid"
      gradientTo="accent.solid"
      bgClip="text"
      color="transparent"
      {...props}
    />
  );
}
