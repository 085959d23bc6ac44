import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMyReviews } from '../../api/reviews';
import { ErrorAlert } from '../../components/parts';
import { reviewPath } from '../../lib/paths';

/** My Account's list of drafts waiting on the user's review, and what the user said of each. */
export function MyReviews() {
  const reviews = useMyReviews();
  return (
    <Paper
      component="section"
      aria-labelledby="my-reviews-title"
      withBorder
      shadow="sm"
      p="xl"
      radius="md"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="my-reviews-title">
          My Reviews
        </Title>
        <ErrorAlert error={reviews.error} />
        {reviews.data && reviews.data.length === 0 && (
          <Text size="sm">No draft is waiting on your review.</Text>
        )}
        {reviews.data && reviews.data.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Draft</Table.Th>
                  <Table.Th>Asked by</Table.Th>
                  <Table.Th>Your review</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reviews.data.map((r) => (
                  <Table.Tr key={r.versionId}>
                    <Table.Td>
                      <Anchor component={Link} to={reviewPath(r.profileId, r.versionId)} size="sm">
                        {r.profileName} (version {r.version})
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.requestedBy?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        tt="none"
                        color={
                          r.decision === null
                            ? 'blue'
                            : r.decision === 'changes'
                              ? 'red'
                              : r.current
                                ? 'green'
                                : 'yellow'
                        }
                      >
                        {r.decision === null
                          ? 'Waiting on you'
                          : r.decision === 'changes'
                            ? 'Changes requested'
                            : r.current
                              ? 'Approved'
                              : 'Changed since you approved'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
