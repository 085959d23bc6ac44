import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { LRS_SENDS_PER_HOUR } from '../../../common/simulate';
import { useSendToLrs, type SiteSendResult, type SiteSimulateInput } from '../../api/simulate';
import { ErrorAlert } from '../../components/parts';
import { loginPath } from '../../lib/paths';

/** What the LRS made of the statements, in one sentence and, when it stopped, why. */
function Report({ result }: { result: SiteSendResult }) {
  const { report, generated } = result;
  if (report.failure === null)
    return (
      <Alert color="green" title="Sent" role="status">
        The LRS at {report.statementsUrl} accepted all {report.accepted.toLocaleString('en')}{' '}
        statements in {report.batches} {report.batches === 1 ? 'batch' : 'batches'}
        {report.retries > 0 ? `, after ${report.retries} retries` : ''}.
      </Alert>
    );
  const { batch, status, message } = report.failure;
  return (
    <Alert color="red" title="The LRS did not accept every statement" role="alert">
      <Text size="sm">
        {report.accepted.toLocaleString('en')} of {generated.toLocaleString('en')} statements were
        accepted by {report.statementsUrl}. Batch {batch} was not
        {status === null ? '' : ` (HTTP ${status})`}: {message}
      </Text>
    </Alert>
  );
}

/**
 * Sends the run just generated to an LRS's Statements resource: the server simulates the same
 * choices again and posts them. The key and secret go with this request only; the server
 * neither keeps nor logs them. Signed-in people only (each has an hourly number of sends), so a
 * visitor is told to sign in instead of being shown a form the server would refuse.
 */
export function SendToLrs(props: {
  profileId: string;
  versionId: string;
  input: SiteSimulateInput;
}) {
  const session = useSession();
  if (session.isLoading) return null;
  if (!session.loggedIn)
    return (
      <Paper withBorder p="md" component="section" aria-label="Send to an LRS">
        <Stack gap="xs">
          <Title order={3} size="h4">
            Send to an LRS
          </Title>
          <Text size="sm">
            <Link to={loginPath()}>Sign in</Link> to send these statements to a learning record
            store: the server posts them for signed-in people only, up to {LRS_SENDS_PER_HOUR} sends
            an hour each.
          </Text>
        </Stack>
      </Paper>
    );
  return <SendForm {...props} />;
}

function SendForm({
  profileId,
  versionId,
  input,
}: {
  profileId: string;
  versionId: string;
  input: SiteSimulateInput;
}) {
  const send = useSendToLrs(profileId, versionId);
  const [endpoint, setEndpoint] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ ...input, lrs: { endpoint, username, password } });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Send to an LRS">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Send to an LRS
        </Title>
        <Text size="sm" c="dimmed">
          The same statements, posted to the LRS&apos;s Statements resource in batches. The key and
          secret are used for this sending only: they are not stored.
        </Text>
        <TextInput
          label="xAPI endpoint"
          description="Statements are posted to {endpoint}/statements"
          placeholder="https://lrs.example.org/xapi/"
          type="url"
          value={endpoint}
          onChange={(e) => setEndpoint(e.currentTarget.value)}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label="Key (user name)"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            autoComplete="off"
            required
          />
          <PasswordInput
            label="Secret (password)"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
          />
        </Group>
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send to the LRS
          </Button>
        </Group>
        {send.error ? (
          <ErrorAlert error={send.error} title="Could not send the statements" />
        ) : null}
        {send.data && !send.isPending && <Report result={send.data} />}
      </Stack>
    </Paper>
  );
}
