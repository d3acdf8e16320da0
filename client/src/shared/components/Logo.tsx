import { Box, HStack, Icon, Text } from '@chakra-ui/react';
import { LuHandshake } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { BRAND } from '../brand';

/** Product mark + name; links home. */
export function Logo({ size = 'md', onNavigate }: { size?: 'md' | 'lg'; onNavigate?: () => void }) {
  const box = size === 'lg' ? '10' : '9';
  return (
    <HStack asChild gap="2.5">
      <Link to="/" aria-label={`${BRAND.name} home`} onClick={onNavigate}>
        <Box
          display="grid"
          placeItems="center"
          boxSize={box}
          rounded="xl"
          bgGradient="to-br"
          gradientFrom="brand.solid"
          gradientTo="accent.solid"
          color="white"
          shadow="md"
        >
          <Icon as={LuHandshake} boxSize="5" />
        </Box>
        <Text fontWeight="extrabold" fontSize={size === 'lg' ? '2xl' : 'xl'} letterSpacing="tight">
          {BRAND.name}
        </Text>
      </Link>
    </HStack>
  );
}
