import { Container, type ContainerProps } from '@chakra-ui/react';

/** Horizontal frame and vertical rhythm of a content page. */
export function PageContainer(props: ContainerProps) {
  return <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '16' }} {...props} />;
}
