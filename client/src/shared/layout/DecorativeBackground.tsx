import { Box, type BoxProps } from '@chakra-ui/react';

function FloatingShape(props: BoxProps) {
  return (
    <Box
      position="absolute"
      rounded="full"
      filter="blur(90px)"
      opacity={{ base: 0.45, _dark: 0.55 }}
      animation="float 16s ease-in-out infinite"
      _motionReduce={{ animation: 'none' }}
      {...props}
    />
  );
}

/** The page backdrop: a soft gradient with two floating blurred shapes (purely decorative). */
export function DecorativeBackground() {
  return (
    <Box
      aria-hidden="true"
      position="fixed"
      inset="0"
      zIndex="-1"
      overflow="hidden"
      pointerEvents="none"
      bgGradient="to-br"
      gradientFrom="decor.from"
      gradientVia="decor.via"
      gradientTo="decor.to"
    >
      <FloatingShape
        bg="decor.shapeA"
        boxSize={{ base: '72', md: '96' }}
        top={{ base: '-16', md: '-24' }}
        left={{ base: '-24', md: '-16' }}
      />
      <FloatingShape
        bg="decor.shapeB"
        boxSize={{ base: '64', md: '80' }}
        bottom={{ base: '-12', md: '-20' }}
        right={{ base: '-20', md: '-10' }}
        animationDelay="-8s"
      />
    </Box>
  );
}
