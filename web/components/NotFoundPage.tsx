import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { homePath } from '../lib/paths';

export function NotFoundPage() {
  return (
    <Stack align="center" py={60} gap="sm">
      <Text c="dimmed" fw={700} size="xl">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" ta="center" maw={480}>
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Text>
      <Button component={Link} to={homePath()} mt="md">
        Go to the home page
      </Button>
    </Stack>
  );
}
