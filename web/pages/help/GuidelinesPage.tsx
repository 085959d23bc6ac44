import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  AuthoringProfiles,
  BeforeYouBegin,
  ExternalResources,
  GettingStarted,
  PublishingProfiles,
  UpdatingProfiles,
} from './GuidelineSectionContent';
import {
  GUIDELINE_SECTIONS,
  GUIDELINES_TOP_ID,
  type GuidelineSectionId,
} from './guideline-sections';

const SECTION_CONTENT: Record<GuidelineSectionId, () => ReactNode> = {
  'before-you-begin': BeforeYouBegin,
  'getting-started': GettingStarted,
  'authoring-profiles': AuthoringProfiles,
  'publishing-profiles': PublishingProfiles,
  'updating-profiles': UpdatingProfiles,
  'external-resources': ExternalResources,
};

/** Getting Started and guidelines for profile authors (route `/help`). */
export function GuidelinesPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <header id={GUIDELINES_TOP_ID} style={{ scrollMarginTop: 80 }}>
          <Text tt="uppercase" fw={700} size="sm" c="dimmed">
            Getting Started
          </Text>
          <Title order={1}>xAPI Profile Guidelines</Title>
          <Text mt="sm">
            How to plan, write, publish and maintain an xAPI Profile on this server, with advice on
            choosing IRIs and numbering versions. Read it end to end before your first profile, or
            jump to the part you need.
          </Text>
        </header>

        <Paper component="nav" aria-labelledby="guidelines-quick-links" withBorder p="md">
          <Text id="guidelines-quick-links" fw={600} mb="xs">
            Quick links
          </Text>
          <List spacing={4}>
            {GUIDELINE_SECTIONS.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>

        {GUIDELINE_SECTIONS.map((section) => {
          const Content = SECTION_CONTENT[section.id];
          const headingId = `${section.id}-heading`;
          return (
            <Paper
              key={section.id}
              component="section"
              id={section.id}
              aria-labelledby={headingId}
              withBorder
              p="xl"
              style={{ scrollMarginTop: 80 }}
            >
              <Stack gap="md">
                <Title order={2} id={headingId}>
                  {section.title}
                </Title>
                <Content />
                <Anchor href={`#${GUIDELINES_TOP_ID}`} size="sm">
                  Back to top
                </Anchor>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Container>
  );
}
