import { Box, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { LuFileText, LuFilm } from 'react-icons/lu';
import { useFreshFileLinkLazyQuery } from '../../gql/graphql';
import { fileSize } from '../lib/upload-file';

/** A file as the API gives it: its download link is signed for the viewer and works for a few minutes. */
export interface FileLinkData {
  id: string;
  name: string;
  signedUrl: string;
  signedUrlExpiresAt?: string | null;
  contentType?: string | null;
  size?: number | null;
}

const isImage = (f: FileLinkData) => Boolean(f.contentType?.startsWith('image/'));

/**
 * Files as links that open in a new tab: images as thumbnails, other files by name, type icon and
 * size. A link read long ago (expired) is fetched afresh when clicked, so an open page keeps working.
 * `onSolid`: drawn on a coloured bubble (the viewer's own message), links take the text colour.
 */
export function FileLinks({ files, onSolid = false, label = 'Files' }: { files: readonly FileLinkData[]; onSolid?: boolean; label?: string }) {
  const [fresh] = useFreshFileLinkLazyQuery({ fetchPolicy: 'network-only' });
  if (files.length === 0) return null;

  const open = async (event: MouseEvent<HTMLAnchorElement>, f: FileLinkData) => {
    if (!f.signedUrlExpiresAt || Date.parse(f.signedUrlExpiresAt) - Date.now() > 10_000) return;
    event.preventDefault();
    const { data } = await fresh({ variables: { id: f.id } });
    const url = data?.file.signedUrl;
    if (url && !window.open(url, '_blank', 'noopener,noreferrer')) window.location.assign(url);
  };
  const images = files.filter(isImage);
  const others = files.filter((f) => !isImage(f));
  const linkColor = onSolid ? 'inherit' : undefined;

  return (
    <Stack gap="1.5" aria-label={label} role="group" minW="0">
      {images.length > 0 && (
        <Flex gap="1.5" wrap="wrap">
          {images.map((f) => (
            <Link key={f.id} href={f.signedUrl} target="_blank" rel="noopener noreferrer" onClick={(e) => void open(e, f)} rounded="md" overflow="hidden" title={f.name}>
              <Image src={f.signedUrl} alt={f.name} maxH="32" maxW={{ base: '40', md: '56' }} objectFit="cover" rounded="md" borderWidth="1px" borderColor="border.muted" bg="bg.subtle" />
            </Link>
          ))}
        </Flex>
      )}
      {others.map((f) => (
        <Link
          key={f.id}
          href={f.signedUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(e) => void open(e, f)}
          textStyle="sm"
          colorPalette="brand"
          color={linkColor}
          textDecoration={onSolid ? 'underline' : undefined}
          minW="0"
          maxW="full"
        >
          <Box as="span" flexShrink={0} aria-hidden>
            {f.contentType?.startsWith('video/') ? <LuFilm /> : <LuFileText />}
          </Box>
          <Text as="span" wordBreak="break-all">
            {f.name}
          </Text>
          {f.size != null && (
            <Text as="span" textStyle="xs" opacity={0.8} flexShrink={0} whiteSpace="nowrap">
              {fileSize(f.size)}
            </Text>
          )}
        </Link>
      ))}
    </Stack>
  );
}
