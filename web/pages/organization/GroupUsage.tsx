import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useGroupUsage } from '../../api/metrics';
import { csvFileName, downloadCsv, toCsv } from '../../components/charts/csv';
import { publicProfilePath } from '../../lib/paths';
import { ErrorAlert } from '../../components/parts';

/** A working group's published profiles with their views and exports of the last 30 days. */
export function GroupUsage({ organizationId }: { organizationId: string }) {
  const usage = useGroupUsage(organizationId);
  const data = usage.data;
  const number = (n: number) => n.toLocaleString('en-US');
  const download = () => {
    if (!data) return;
    downloadCsv(
      csvFileName(`working group usage last ${data.days} days`),
      toCsv(
        ['Profile', 'Views', 'Exports'],
        data.profiles.map((p) => [p.name, p.views, p.exports]),
      ),
    );
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="group-usage"
      data-chart
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4" id="group-usage">
            Usage
          </Title>
          <Text size="sm" c="gray.7">
            Views and exports of the published profiles in the last {data?.days ?? 30} days
          </Text>
        </div>
        {data && data.profiles.length > 0 && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={download}
            aria-label="Download CSV: working group usage"
          >
            Download CSV
          </Button>
        )}
      </Group>
      <ErrorAlert error={usage.error} title="Could not load the usage of this working group" />
      {data &&
        (data.profiles.length === 0 ? (
          <Text c="gray.7">This working group has no published profile yet.</Text>
        ) : (
          <>
            <Text mb="sm">
              <Text span fw={700}>
                {number(data.views)}
              </Text>{' '}
              {data.views === 1 ? 'view' : 'views'} ·{' '}
              <Text span fw={700}>
                {number(data.exports)}
              </Text>{' '}
              {data.exports === 1 ? 'export' : 'exports'}
            </Text>
            <Table.ScrollContainer minWidth={360}>
              <Table>
                <Table.Caption c="gray.7">
                  Usage of each published profile, last {data.days} days
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Profile</Table.Th>
                    <Table.Th scope="col">Views</Table.Th>
                    <Table.Th scope="col">Exports</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.profiles.map((p) => (
                    <Table.Tr key={p.uuid}>
                      <Table.Th scope="row" fw={400}>
                        <Anchor component={Link} to={publicProfilePath(p.uuid)} c="blue.8">
                          {p.name}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>{number(p.views)}</Table.Td>
                      <Table.Td>{number(p.exports)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ))}
    </Card>
  );
}
