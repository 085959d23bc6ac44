import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCode } from '../../../common/errors';
import { SPARQL_LIMITS } from '../../../common/limits';
import { sparqlExamples } from '../../../common/sparql-examples';
import { CodeBlock, DocSection, EndpointHeader, ErrorTable, ParamTable, siteOrigin } from './parts';
import { apiInfoPath } from '../../lib/paths';

const KEY_HEADER = {
  name: 'x-api-key',
  need: 'Required',
  meaning: 'A key with read permission, of any working group.',
};

const RESULT_FORMATS = [
  {
    name: 'SELECT, ASK',
    need: 'Accept',
    meaning: (
      <>
        <Code>application/sparql-results+json</Code> (the default),{' '}
        <Code>application/sparql-results+xml</Code>, <Code>text/csv</Code> or{' '}
        <Code>text/tab-separated-values</Code>.
      </>
    ),
  },
  {
    name: 'CONSTRUCT, DESCRIBE',
    need: 'Accept',
    meaning: (
      <>
        <Code>text/turtle</Code> (the default), <Code>application/n-triples</Code> or{' '}
        <Code>application/ld+json</Code>.
      </>
    ),
  },
];

const DEREFERENCING = [
  {
    name: 'A browser',
    need: 'text/html',
    meaning: 'The page of the profile, version, concept, template or pattern.',
  },
  {
    name: 'JSON-LD',
    need: 'application/ld+json',
    meaning: (
      <>
        The profile or version document; for a concept, template or pattern, the item as its newest
        published version has it, with <Code>@context</Code> and <Code>inScheme</Code>, and{' '}
        <Code>deprecated: true</Code> once it is deprecated.
      </>
    ),
  },
  { name: 'Turtle', need: 'text/turtle', meaning: 'The same statements as Turtle.' },
];

const textExample = (origin: string, query: string) =>
  `curl -X POST '${origin}/api/sparql' \\
  -H 'x-api-key: {read_key}' \\
  -H 'Content-Type: text/plain' \\
  --data-binary @- <<'SPARQL'
${query}
SPARQL`;

const ANSWER = `{
  "success": true,
  "results": [
    {
      "profile": { "type": "uri", "value": "https://w3id.org/xapi/video" },
      "prefLabel": { "type": "literal", "value": "Video Profile", "xml:lang": "en" },
      "definition": { "type": "literal", "value": "…", "xml:lang": "en" }
    }
  ]
}`;

/** /api-info/sparql: the SPARQL endpoint, its protocol, and IRIs that dereference. */
export function SparqlPage() {
  const origin = siteOrigin();
  const examples = sparqlExamples();
  return (
    <Stack gap="xl">
      <EndpointHeader title="SPARQL" method="POST" paths={['/api/sparql']}>
        <Text>
          Runs a read-only SPARQL 1.1 query over every published profile, as the xAPI Profiles
          specification describes a profile server (Part Three §1):
        </Text>
        <List spacing={4}>
          <List.Item>
            The <strong>default graph</strong> holds the current published version of every profile,
            with its versioning information.
          </List.Item>
          <List.Item>
            Every published version, current or not, is also a <strong>named graph</strong> named by
            the version’s IRI: <Code>{'GRAPH <version IRI> { … }'}</Code> or{' '}
            <Code>{'FROM <version IRI>'}</Code> queries one version.
          </List.Item>
          <List.Item>
            <strong>Inferred</strong>: <Code>skos:narrower</Code> from <Code>skos:broader</Code> and
            back, <Code>narrowMatch</Code> from <Code>broadMatch</Code>, <Code>related</Code>,{' '}
            <Code>relatedMatch</Code>, <Code>exactMatch</Code> and <Code>closeMatch</Code> both
            ways, the SKOS sub-properties (a <Code>broadMatch</Code> is a <Code>broader</Code>), and{' '}
            <Code>skos:inScheme</Code> the profile for every concept, template and pattern it lists.
          </List.Item>
          <List.Item>Drafts are never in it. Changes show within seconds.</List.Item>
        </List>
        <Text>
          Try queries on{' '}
          <Anchor component={Link} to={apiInfoPath('sparql/query')}>
            the query page
          </Anchor>
          .
        </Text>
      </EndpointHeader>

      <DocSection title="Request">
        <ParamTable label="Headers" params={[KEY_HEADER]} />
        <Text>
          The body is the query as <Code>text/plain</Code>, as the specification has it. A query has
          at most 100,000 characters. Updates (<Code>INSERT</Code>, <Code>DELETE</Code>,{' '}
          <Code>LOAD</Code>, <Code>DROP</Code>…) are refused.
        </Text>
        <Text>
          Before it runs, a query may nest groups, parentheses and brackets at most{' '}
          {SPARQL_LIMITS.depthMax} levels deep (each <Code>!</Code> counts as one more) and hold at
          most {SPARQL_LIMITS.tokensMax.toLocaleString('en')} terms, keywords and operators; the
          data of a <Code>VALUES</Code> block is not counted, so long lists of terms go there.
        </Text>
        <Text>
          Queries take turns, one key after another: a key has at most one query running and two
          waiting. A query whose client disconnects is dropped, or stopped if it runs.
        </Text>
      </DocSection>

      <DocSection title="Response">
        <Text>
          <Code>200</Code> with <Code>success</Code> and <Code>results</Code>: a list of bindings,
          one per solution, each variable with its <Code>type</Code> (<Code>uri</Code>,{' '}
          <Code>literal</Code>, <Code>bnode</Code>) and <Code>value</Code>, and a literal’s{' '}
          <Code>datatype</Code> or <Code>xml:lang</Code>. An ASK answers one binding,{' '}
          <Code>boolean</Code>; CONSTRUCT and DESCRIBE one binding per statement with{' '}
          <Code>subject</Code>, <Code>predicate</Code> and <Code>object</Code>.
        </Text>
        <CodeBlock code={ANSWER} label="Answer" />
        <ErrorTable
          rows={[
            [
              400,
              ErrorCode.QueryInvalid,
              'The query does not parse (the message says where), or it is an update.',
            ],
            [400, ErrorCode.QueryTooDeep, 'The query nests deeper than the limit above.'],
            [400, ErrorCode.QueryTooLarge, 'The query holds more than the limit above.'],
            [401, ErrorCode.Unauthorized, 'No key, or the key is unknown or disabled.'],
            [403, ErrorCode.Forbidden, 'The key has no read permission.'],
            [406, ErrorCode.NotAcceptable, 'Accept names no format the answer comes in.'],
            [
              413,
              ErrorCode.ResultTooLarge,
              'The answer is larger than the server sends (16 MB by default): add a LIMIT.',
            ],
            [
              503,
              ErrorCode.QueryTimeout,
              'The query ran longer than the server allows (10 s by default) and was stopped.',
            ],
            [
              503,
              ErrorCode.SparqlUnavailable,
              'The store failed while answering and is restarting: send the query again.',
            ],
            [
              503,
              ErrorCode.ServiceUnavailable,
              'Too many queries wait, or the store is still loading: try again after Retry-After.',
            ],
            [
              429,
              ErrorCode.RateLimited,
              'This key already has a query running and two waiting, or too many requests: try again after Retry-After.',
            ],
          ]}
        />
      </DocSection>

      <DocSection title="SPARQL 1.1 Protocol">
        <Text>
          The same endpoint speaks the SPARQL 1.1 Protocol, so SPARQL tools can use it as it is:{' '}
          <Code>GET /api/sparql?query=…</Code>, or <Code>POST /api/sparql</Code> with an{' '}
          <Code>application/sparql-query</Code> body or a form-encoded <Code>query</Code>. These
          answer in the standard formats, chosen by <Code>Accept</Code>:
        </Text>
        <ParamTable label="Answer formats" params={RESULT_FORMATS} second="Type" />
        <CodeBlock
          label="Protocol request"
          code={`curl '${origin}/api/sparql' \\
  -H 'x-api-key: {read_key}' \\
  -H 'Accept: text/csv' \\
  --data-urlencode 'query=SELECT ?profile WHERE { ?profile a <https://w3id.org/xapi/profiles/ontology#Profile> }' -G`}
        />
      </DocSection>

      <DocSection title="Example queries">
        <Text>
          The questions of the specification (§1.3), written as valid SPARQL (the specification’s
          text separates variables with commas and joins the two types with <Code>||</Code>).
          Replace <Code>http://example.org/profiles/sports</Code> with the IRI of a profile.
        </Text>
        {examples.map((example) => (
          <Stack key={example.id} gap="xs" component="article" aria-label={example.question}>
            <Title order={3} size="h4">
              {example.question}
            </Title>
            <CodeBlock code={example.query} label="Query" />
            <CodeBlock code={textExample(origin, example.query)} label="curl" />
          </Stack>
        ))}
      </DocSection>

      <DocSection title="IRIs that dereference">
        <Text>
          Every IRI this server mints — profiles, versions, concepts, templates and patterns, under{' '}
          <Code>{`${origin}/iri/`}</Code> — answers <Code>303 See Other</Code> to{' '}
          <Code>/api/iri/{'{IRI}'}</Code>, which answers by <Code>Accept</Code>. Any origin may read
          it. Items only in drafts are found only by members of their working group, on the site.
        </Text>
        <ParamTable label="Representations" params={DEREFERENCING} second="Type" />
      </DocSection>
    </Stack>
  );
}
