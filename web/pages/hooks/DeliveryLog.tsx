import { Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { EVENT_LABELS, type WebhookDelivery } from '../../../common/webhooks';
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from '../../api/webhooks';
import { ErrorAlert, HiddenHeader } from '../organization/parts';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  // Shades dark enough for 4.5:1 on white.
  const color =
    delivery.status === 'delivered' ? 'teal.9' : delivery.status === 'failed' ? 'red.9' : 'gray.8';
  const label =
    delivery.status === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.status;
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm" fw={700} c={color} tt="capitalize">
          {label}
        </Text>
        {delivery.statusCode !== null && <Text size="sm">HTTP {delivery.statusCode}</Text>}
      </Group>
      {delivery.error && (
        <Text size="xs" c="red.9">
          {delivery.error}
        </Text>
      )}
    </Stack>
  );
}

/** The newest deliveries of one hook, with redelivery and a test event. */
export function DeliveryLog({ hookId, enabled }: { hookId: string; enabled: boolean }) {
  const deliveries = useWebhookDeliveries(hookId);
  const test = useSendTestEvent(hookId);
  const redeliver = useRedeliver(hookId);
  const list = deliveries.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          Recent Deliveries
        </Title>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void deliveries.refetch()}>
            Refresh
          </Button>
          <Button
            size="xs"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!enabled}
          >
            Send test event
          </Button>
        </Group>
      </Group>
      {!enabled && (
        <Text size="sm" c="dimmed">
          This hook is disabled: enable it to send test events and receive deliveries.
        </Text>
      )}
      <ErrorAlert error={deliveries.error ?? test.error ?? redeliver.error} title="Delivery" />
      <Table.ScrollContainer minWidth={680} type="native">
        <Table verticalSpacing="xs" aria-label="Recent deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190}>Time</Table.Th>
              <Table.Th w={170}>Event</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th w={90}>Duration</Table.Th>
              <HiddenHeader w={110} label="Redeliver" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.isPending && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Center py="md">
                    <Loader size="sm" aria-label="Loading the deliveries" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text ta="center" c="dimmed" py="md">
                    No deliveries yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{dateTime.format(new Date(delivery.createdOn))}</Table.Td>
                <Table.Td>
                  {EVENT_LABELS[delivery.event]}
                  {delivery.kind !== 'event' && (
                    <Text size="xs" c="dimmed">
                      {delivery.kind}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Outcome delivery={delivery} />
                </Table.Td>
                <Table.Td>
                  {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={!enabled || redeliver.isPending}
                    aria-label={`Redeliver the delivery of ${dateTime.format(new Date(delivery.createdOn))}`}
                    onClick={() => redeliver.mutate(delivery.id)}
                  >
                    Redeliver
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
