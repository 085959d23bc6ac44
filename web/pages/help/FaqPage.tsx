import { Accordion, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/site';
import { HELP_PAGE_LABEL, HELPDESK_LABEL } from '../../lib/help';
import { FAQ_ENTRIES } from './faq-entries';
import { helpPath } from '../../lib/paths';

/** Frequently asked questions about authoring and publishing xAPI Profiles (route `/FAQs`). */
export function FaqPage() {
  const { data: site } = useSiteConfig();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <header>
          <Title order={1}>Frequently Asked Questions</Title>
          <Text c="dimmed" mt="xs">
            Short answers to the questions profile authors ask most often. For a step-by-step
            introduction, read the{' '}
            <Anchor component={Link} to={helpPath()}>
              xAPI Profile Guidelines
            </Anchor>
            .
          </Text>
        </header>

        <Accordion variant="separated" order={2} multiple>
          {FAQ_ENTRIES.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>{entry.question}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {entry.answer.map((paragraph) => (
                    <Text key={paragraph} size="sm">
                      {paragraph}
                    </Text>
                  ))}
                  {entry.links && entry.links.length > 0 && (
                    <Group gap="md">
                      {entry.links.map((link) => (
                        <Anchor key={link.to} component={Link} to={link.to} size="sm">
                          {link.label}
                        </Anchor>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>

        <Text size="sm" c="dimmed">
          {site?.helpdeskUrl
            ? `Did not find your answer? Use "${HELPDESK_LABEL}" at the bottom of the page to contact the people who run this server.`
            : `Did not find your answer? "${HELP_PAGE_LABEL}" at the bottom of the page leads to the guidelines for profile authors.`}
        </Text>
      </Stack>
    </Container>
  );
}
