import { Anchor, Button, Center, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { VerificationRequestList } from '../../../common/profiles';
import { useVerificationRequests } from '../../api/admin-verification';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../lib/format';
import { groupPath, groupVersionPath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';
import { UNKNOWN_USER, VerifyDialog } from '../../components/VerifyDialog';

export const NO_VERIFICATION_REQUESTS = 'There are no verification requests';

type Request = VerificationRequestList['requests'][number];

/** /admin/verification: published versions waiting for review, oldest request first. */
export function VerificationPage() {
  const requests = useVerificationRequests();
  const [reviewing, setReviewing] = useState<Request | null>(null);
  const rows = [...(requests.data ?? [])].sort((a, b) =>
    a.verificationRequest.localeCompare(b.verificationRequest),
  );

  return (
    <>
      <PageHeading>Verify Profiles</PageHeading>
      <Stack gap="md">
        <Text c="dimmed" maw={760}>
          Working groups ask for their published profiles to be verified. Review each profile, then
          approve it or deny it with a reason the requester is told.
        </Text>
        <ErrorAlert error={requests.error} title="Could not load the verification requests" />
        {requests.isLoading ? (
          <Center py="xl">
            <Loader role="progressbar" aria-label="Loading the verification requests" />
          </Center>
        ) : (
          requests.data && (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" aria-label="Verification requests">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Profile</Table.Th>
                      <Table.Th>Working Group</Table.Th>
                      <Table.Th>Requested by</Table.Th>
                      <Table.Th>Date Requested</Table.Th>
                      <Table.Th>Review Profile</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <Text c="dimmed" ta="center" py="md">
                            {NO_VERIFICATION_REQUESTS}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      rows.map((request) => (
                        <Table.Tr key={request.versionUuid}>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              fw={600}
                              to={groupVersionPath(
                                request.organization.uuid,
                                request.parentProfile.uuid,
                                request.versionUuid,
                              )}
                            >
                              {request.name}
                            </Anchor>
                            <Text span size="sm" c="dimmed">
                              {' '}
                              (version {request.version})
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Anchor component={Link} to={groupPath(request.organization.uuid)}>
                              {request.organization.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{request.requestedBy ?? UNKNOWN_USER}</Table.Td>
                          <Table.Td>{formatDate(request.verificationRequest)}</Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => setReviewing(request)}
                              aria-label={`Review ${request.name}`}
                            >
                              Review
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        )}
      </Stack>
      {reviewing && (
        <VerifyDialog
          key={reviewing.versionUuid}
          opened
          onClose={() => setReviewing(null)}
          versionUuid={reviewing.versionUuid}
          profileName={reviewing.name}
          version={reviewing.version}
        />
      )}
    </>
  );
}
