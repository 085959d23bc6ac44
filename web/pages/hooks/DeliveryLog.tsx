import { Button, Center, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { EVENT_LABELS, type WebhookDelivery } from '../../../common/webhooks';
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from '../../api/webhooks';
import { ErrorAlert, HiddenHeader } from '../../components/parts';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});
const at = (iso: string | null) => (iso === null ? '—' : dateTime.format(new Date(iso)));

/** Columns of the log, which a delivery's details span. */
const COLUMNS = 6;

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

/** How often a delivery was tried, when last, and when it is tried next. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
      </Text>
      {delivery.lastAttemptOn && (
        <Text size="xs" c="dimmed">
          Last tried {at(delivery.lastAttemptOn)}
        </Text>
      )}
      {delivery.nextAttemptOn && (
        <Text size="xs" c="dimmed">
          Next try {at(delivery.nextAttemptOn)}
        </Text>
      )}
    </Stack>
  );
}

/** The body as sent, indented for reading (it is posted on one line). */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Everything kept of one delivery: its outcome, its tries and the exact event body sent. */
function DeliveryDetails({ delivery, id }: { delivery: WebhookDelivery; id: string }) {
  const facts: Array<[string, string]> = [
    ['Status', delivery.status],
    ['HTTP status', delivery.statusCode === null ? 'no answer' : String(delivery.statusCode)],
    ['Error', delivery.error ?? '—'],
    ['Attempts', String(delivery.attempts)],
    ['Queued', at(delivery.createdOn)],
    ['Last try', at(delivery.lastAttemptOn)],
    ['Next try', delivery.nextAttemptOn ? at(delivery.nextAttemptOn) : 'none scheduled'],
    ['Duration', delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`],
    ['X-Webhook-Delivery', delivery.sentId],
  ];
  return (
    <Stack gap="xs" id={id} py="xs">
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Delivery details">
        <Table.Tbody>
          {facts.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" w={170} fw={600}>
                {name}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600}>
        Event body sent
      </Text>
      <Code block aria-label="Event body sent">
        {readable(delivery.body)}
      </Code>
      <Text size="xs" c="dimmed">
        The receiver’s answer is not kept: only its HTTP status is.
      </Text>
    </Stack>
  );
}

/** The newest deliveries of one hook, with their details, redelivery and a test event. */
export function DeliveryLog({ hookId, enabled }: { hookId: string; enabled: boolean }) {
  const deliveries = useWebhookDeliveries(hookId);
  const test = useSendTestEvent(hookId);
  const redeliver = useRedeliver(hookId);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (!next.delete(id)) next.add(id);
      return next;
    });
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
      <Table.ScrollContainer minWidth={780} type="native">
        <Table verticalSpacing="xs" aria-label="Recent deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Time</Table.Th>
              <Table.Th w={150}>Event</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th w={200}>Attempts</Table.Th>
              <Table.Th w={80}>Duration</Table.Th>
              <HiddenHeader w={180} label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.isPending && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Center py="md">
                    <Loader size="sm" role="progressbar" aria-label="Loading the deliveries" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text ta="center" c="dimmed" py="md">
                    No deliveries yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list?.map((delivery) => {
              const when = at(delivery.createdOn);
              const detailsId = `delivery-${delivery.id}`;
              const shown = open.has(delivery.id);
              return (
                <Fragment key={delivery.id}>
                  <Table.Tr>
                    <Table.Td>{when}</Table.Td>
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
                      <Attempts delivery={delivery} />
                    </Table.Td>
                    <Table.Td>
                      {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          aria-expanded={shown}
                          aria-controls={shown ? detailsId : undefined}
                          aria-label={`Details of the delivery of ${when}`}
                          onClick={() => toggle(delivery.id)}
                        >
                          Details
                        </Button>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          disabled={!enabled || redeliver.isPending}
                          aria-label={`Redeliver the delivery of ${when}`}
                          onClick={() => redeliver.mutate(delivery.id)}
                        >
                          Redeliver
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {shown && (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <DeliveryDetails delivery={delivery} id={detailsId} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
