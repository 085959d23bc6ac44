import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSiteConfig } from '../api/site';

export function Footer() {
  const { data: site } = useSiteConfig();
  return (
    <Box component="footer" bg="gray.1" py="lg" mt="xl">
      <Container size="xl">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h5">
              {site?.organizationName ?? 'xAPI Profile Server'}
            </Title>
            <Text size="sm" c="gray.7">
              xAPI Profiles: shared vocabularies, statement templates and patterns for learning
              data.
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            {site?.supportPhone && (
              <Text size="sm">
                Phone:{' '}
                <Anchor c="indigo.8" href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>
                  {site.supportPhone}
                </Anchor>
              </Text>
            )}
            {site?.helpdeskUrl && (
              <Anchor
                c="indigo.8"
                size="sm"
                href={site.helpdeskUrl}
                target="_blank"
                rel="noreferrer"
              >
                Submit a help-desk ticket
              </Anchor>
            )}
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
