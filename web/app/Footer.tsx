import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSiteConfig } from '../api/site';
import { HELP_PAGE_LABEL, HELPDESK_LABEL } from '../lib/help';
import { faqPath, helpPath } from '../lib/paths';

export function Footer() {
  const { data: site } = useSiteConfig();
  return (
    <Box component="footer" bg="gray.1" py="lg" mt="xl" aria-label="Site footer">
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
            {site?.helpdeskUrl ? (
              <Anchor size="sm" href={site.helpdeskUrl} target="_blank" rel="noreferrer">
                {HELPDESK_LABEL}
              </Anchor>
            ) : (
              // Without a help desk of its own the site's help page is where help is.
              <Anchor size="sm" component={Link} to={helpPath()}>
                {HELP_PAGE_LABEL}
              </Anchor>
            )}
            <Anchor size="sm" component={Link} to={faqPath()}>
              Frequently asked questions
            </Anchor>
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
