import { Anchor, Code, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EVENT_LABELS, WEBHOOK_EVENTS } from '../../../common/webhooks';
import { useSiteConfig } from '../../api/site';
import { PageHeading } from '../../components/PageHeading';
import { CodeBlock, DocSection } from './parts';
import { hooksPath } from '../../lib/paths';

export const NODE_VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET; // the hook's client secret

function verified(raw, header) {
  const expected = 'sha256=' + createHmac('sha256', SECRET).update(raw).digest('hex');
  return typeof header === 'string' && header.length === expected.length &&
    timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks); // the exact bytes: check them before parsing
    if (!verified(raw, req.headers['x-hub-signature-256'])) return res.writeHead(401).end();
    const delivery = JSON.parse(raw.toString('utf8'));
    console.log(delivery.event, delivery.profile.iri, req.headers['x-webhook-delivery']);
    res.writeHead(204).end();
  });
}).listen(8080);`;

export const PYTHON_VERIFY = `import hashlib, hmac, json, os
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode()  # the hook's client secret

class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers["Content-Length"]))  # the exact bytes
        expected = "sha256=" + hmac.new(SECRET, raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, self.headers.get("X-Hub-Signature-256", "")):
            self.send_response(401); self.end_headers(); return
        delivery = json.loads(raw)
        print(delivery["event"], delivery["profile"]["iri"], self.headers["X-Webhook-Delivery"])
        self.send_response(204); self.end_headers()

HTTPServer(("", 8080), Hook).serve_forever()`;

const EXAMPLE_BODY = `{
  "event": "profilePublished",
  "deliveryId": "0d9f6a9e-4c1b-4f0e-9a51-2f4b1d7c8e11",
  "occurredAt": "2025-05-06T07:08:09.123Z",
  "profile": {
    "uuid": "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    "iri": "https://w3id.org/xapi/example",
    "name": "Example Profile",
    "version": 3,
    "versionIri": "https://w3id.org/xapi/example/v3",
    "url": "https://profiles.example.org/profile/6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    "documentUrl": "https://profiles.example.org/api/profile/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    "etag": "\\"Qm9vay1vZi10aGUtZG9jdW1lbnQtaGFzaA\\"",
    "workingGroup": {
      "uuid": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
      "name": "Example Working Group",
      "url": "https://profiles.example.org/organization/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f"
    }
  }
}`;

/** Every field of a delivery's body, with what it holds. */
export const BODY_FIELDS: Array<[string, string]> = [
  ['event', 'The event, as in X-Webhook-Event.'],
  ['deliveryId', 'The delivery id, as in X-Webhook-Delivery.'],
  ['occurredAt', 'When the change happened (ISO 8601), not when this attempt was sent.'],
  ['test', 'true on a test event only; absent otherwise.'],
  ['profile.uuid', 'The profile’s id on this server.'],
  ['profile.iri', 'The profile’s IRI.'],
  ['profile.name', 'The version’s name.'],
  ['profile.version', 'The version’s number on this server (1, 2, 3 …).'],
  ['profile.versionIri', 'The version’s IRI.'],
  ['profile.url', 'The version’s page on this site, for a person (HTML).'],
  [
    'profile.documentUrl',
    'The version’s JSON-LD document in the public API (GET /api/profile/{version uuid}); a draft’s needs a read key of its working group.',
  ],
  [
    'profile.etag',
    'The ETag that document’s uncompressed JSON answer carries, for a published version, whose document never changes; null for a draft, which changes with every save. A mirror that holds a document with this ETag need not fetch it again; send it as If-None-Match to get 304.',
  ],
  ['profile.workingGroup.uuid', 'The id of the working group that owns the profile.'],
  ['profile.workingGroup.name', 'Its name.'],
  ['profile.workingGroup.url', 'Its page on this site.'],
  ['concept', 'conceptDeprecated only: the concept, described below.'],
  ['feedback.uuid', 'feedbackReceived only: the feedback’s id on this server.'],
  ['feedback.kind', 'What it is: problem, question or suggestion.'],
  [
    'feedback.itemId',
    'The id of the concept, template or pattern it is about; null when it is about the version.',
  ],
  [
    'feedback.public',
    'Whether everyone may read it; false when its author kept it for the group. Read it on the version’s page on this site.',
  ],
];

const TEST_BODY = `{
  "event": "profilePublished",
  "deliveryId": "5b0e3c1a-7d2f-4e8a-9c6b-1a2b3c4d5e6f",
  "occurredAt": "2025-05-06T07:08:09.123Z",
  "test": true,
  "profile": {
    "uuid": "00000000-0000-4000-8000-000000000000",
    "iri": "https://example.org/xapi/test-profile",
    ...
  }
}`;

const CONCEPT_BODY = `{
  "event": "conceptDeprecated",
  ...
  "profile": { ... },
  "concept": {
    "iri": "https://w3id.org/xapi/example/verbs/skimmed",
    "name": "skimmed",
    "reason": "Use read instead.",
    "link": "https://w3id.org/xapi/example/verbs/read"
  }
}`;

const UNITS: Array<[ms: number, one: string]> = [
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** A delay as a person says it: "1 minute", "90 minutes", "2 hours", "250 ms". */
export function formatDelay(ms: number): string {
  for (const [size, one] of UNITS) {
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return `${n} ${one}${n === 1 ? '' : 's'}`;
    }
  }
  return `${ms} ms`;
}

/** "1 minute, 5 minutes and 2 hours". */
export function formatDelays(delays: readonly number[]): string {
  const words = delays.map(formatDelay);
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The retry schedule this server is configured with, as the site settings give it. */
function RetrySchedule() {
  const site = useSiteConfig();
  const delays = site.data?.webhookRetryDelaysMs;
  if (!Array.isArray(delays)) {
    return site.isPending ? (
      <>are retried on this server’s schedule</>
    ) : (
      <>are retried several times on this server’s schedule</>
    );
  }
  if (delays.length === 0) return <>are not retried on this server</>;
  return (
    <>
      are retried after {formatDelays(delays)} (so up to {delays.length + 1} attempts)
    </>
  );
}

const HEADERS: Array<[string, string]> = [
  ['X-Webhook-Event', 'The event, e.g. profilePublished.'],
  [
    'X-Webhook-Delivery',
    'The delivery id (also in the body). Retries and redeliveries of a delivery carry the same id: use it to ignore a delivery you already handled.',
  ],
  ['X-Webhook-Test', 'true on a test event sent from the hook’s page; absent otherwise.'],
  ['X-Webhook-Timestamp', 'When this attempt was sent, in seconds since 1970.'],
  ['X-Hub-Signature-256', 'With the SHA-256 signature: sha256= and the hex HMAC of the body.'],
  ['X-Hub-Signature', 'With the SHA-1 signature: sha1= and the hex HMAC of the body.'],
];

/** /api-info/webhooks: what a webhook receives and how to check its signature. */
export function WebhooksPage() {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <PageHeading>Webhooks</PageHeading>
        <Text>
          A webhook posts a JSON body to a URL of yours when something happens to a profile you
          follow. Make one under{' '}
          <Anchor component={Link} to={hooksPath()}>
            Web Hooks
          </Anchor>{' '}
          in your account menu. Answer with any 2xx status within 10 seconds; network errors,
          timeouts, 5xx and 429 answers <RetrySchedule />, and a hook whose last five events all
          failed is disabled (you get an e-mail). Redirects are not followed.
        </Text>
        <Text>
          Delivery is at least once: a retry, a redelivery asked for from the hook’s page, or an
          attempt made again after the server stopped in the middle of one, can bring you a delivery
          you already handled. Each carries the same <Code>X-Webhook-Delivery</Code> id; keep the
          ids you handled and ignore a repeat.
        </Text>
      </Stack>
      <DocSection title="Events">
        <List>
          {WEBHOOK_EVENTS.map((event) => (
            <List.Item key={event}>
              <Code>{event}</Code> — {EVENT_LABELS[event]}
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          Drafts (draftCreated, and conceptDeprecated, which always lands in a draft) are sent only
          to members of the profile’s working group.
        </Text>
      </DocSection>
      <DocSection title="Body">
        <CodeBlock code={EXAMPLE_BODY} label="Example body" />
        <Table aria-label="Webhook body fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BODY_FIELDS.map(([name, meaning]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Code style={{ overflowWrap: 'anywhere' }}>{name}</Code>
                </Table.Td>
                <Table.Td>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text>
          <Code>conceptDeprecated</Code> also names the concept: its IRI, its name (prefLabel), the
          reason given and the link to what replaces it (<Code>null</Code> when none was given).
        </Text>
        <CodeBlock code={CONCEPT_BODY} label="Concept deprecated body" />
        <Text>
          A test event, sent with <strong>Send test event</strong> on the hook’s page, is the hook’s
          event about a made-up profile. It carries <Code>{'"test": true'}</Code> in its body and
          the <Code>X-Webhook-Test: true</Code> header: skip it wherever a real change would be
          acted on.
        </Text>
        <CodeBlock code={TEST_BODY} label="Test event body" />
      </DocSection>
      <DocSection title="Headers">
        <Table aria-label="Webhook headers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Header</Table.Th>
              <Table.Th>Meaning</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {HEADERS.map(([name, meaning]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Code>{name}</Code>
                </Table.Td>
                <Table.Td>{meaning}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DocSection>
      <DocSection title="Checking the signature">
        <Text>
          Compute the HMAC of the body bytes exactly as received (before any JSON parsing) with your
          client secret, and compare it with the header in constant time. SHA-256 is recommended.
        </Text>
        <CodeBlock code={NODE_VERIFY} label="Node.js receiver" />
        <CodeBlock code={PYTHON_VERIFY} label="Python receiver" />
      </DocSection>
    </Stack>
  );
}
