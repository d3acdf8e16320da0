import { Box, Button, Input, InputGroup, NativeSelect, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { PLATFORMS } from '../../../shared/lib/platforms';

/**
 * "Search streamers and creators by platform": leads to the public marketplace (/creators) with
 * the words and platform chosen. A plain GET form, so it works before the app's script has run.
 */
export function LandingSearch() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    const q = String(form.get('q') ?? '').trim();
    const platform = String(form.get('platform') ?? '');
    if (q) params.set('q', q);
    if (platform) params.set('platform', platform);
    void navigate(`/creators${params.size ? `?${params}` : ''}`);
  };
  return (
    <Box asChild width="full" maxW="xl">
      <form role="search" aria-label="Find creators" action="/creators" method="get" onSubmit={submit}>
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          gap="2"
          p="2"
          rounded="2xl"
          borderWidth="1px"
          bg="surface.glass"
          shadow="sm"
        >
          <InputGroup flex="1" startElement={<LuSearch aria-hidden />}>
            <Input
              name="q"
              type="search"
              maxLength={100}
              aria-label="Search creators"
              placeholder="Search creators, games, topics…"
              border="none"
            />
          </InputGroup>
          <NativeSelect.Root width={{ base: 'full', sm: '40' }}>
            <NativeSelect.Field name="platform" aria-label="Platform" defaultValue="">
              <option value="">All platforms</option>
              {PLATFORMS.map((p) => (
                <option key={p.value} value={p.value.toLowerCase()}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button type="submit">Find creators</Button>
        </Stack>
      </form>
    </Box>
  );
}
