import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GuidelineSteps } from '../../components/GuidelineSteps';
import { HomeData } from './HomeData';
import { createProfilePath, helpPath, organizationsPath, profilesPath } from '../../lib/paths';

/**
 * Landing page: what the product is for, the guideline steps, where to go next, and the newest and
 * all published profiles.
 */
export function HomePage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Paper
          component="section"
          aria-labelledby="home-banner-title"
          p="xl"
          radius="lg"
          bg="var(--mantine-primary-color-light)"
        >
          <Stack gap="md" align="flex-start">
            <Title order={1} id="home-banner-title">
              xAPI Profile Server
            </Title>
            <Text size="lg" maw={720}>
              Author, validate, version and publish xAPI Profiles with your working group, and find
              shared vocabularies and statement templates to reuse in your own learning data.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={profilesPath()}>
                Explore profiles
              </Button>
              <Button component={Link} to={organizationsPath()} variant="default">
                View working groups
              </Button>
            </Group>
          </Stack>
        </Paper>

        <section aria-labelledby="home-guidelines-title">
          <Stack gap="md">
            <Title order={2} id="home-guidelines-title" size="h3">
              xAPI PROFILE GUIDELINES
            </Title>
            <GuidelineSteps headingOrder={3} />
            <Group gap="sm">
              <Button component={Link} to={createProfilePath()} size="md">
                Create xAPI Profile
              </Button>
              <Button component={Link} to={helpPath()} variant="subtle" size="md">
                Read the guidelines
              </Button>
            </Group>
          </Stack>
        </section>

        <HomeData />
      </Stack>
    </Container>
  );
}
