import {
  Alert,
  Code,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { sparqlColumns, sparqlCsv, type SparqlValue } from '../../../common/sparql';
import { EXAMPLE_PROFILE_IRI, sparqlExamples } from '../../../common/sparql-examples';
import { useSparqlQuery } from '../../api/sparql';
import { PageHeading } from '../../components/PageHeading';
import { apiInfoPath } from '../../lib/paths';

/**
 * A CodeMirror editor for the query; `text` replaces its content when it changes from outside.
 * `onChange` must be stable (a state setter).
 */
function QueryEditor({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: '',
      parent: host.current,
      extensions: [
        basicSetup,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'SPARQL query' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // `onChange` is a state setter: the editor is made once.
  }, [onChange]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  }, [text]);

  return (
    <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
      <div ref={host} style={{ minHeight: 200 }} />
    </Paper>
  );
}

const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;

/** /api-info/sparql/query: runs queries on the SPARQL endpoint, with the spec's examples. */
export function SparqlQueryPage() {
  const [profileIri, setProfileIri] = useState(EXAMPLE_PROFILE_IRI);
  const [query, setQuery] = useState(sparqlExamples()[0]?.query ?? '');
  const [apiKey, setApiKey] = useState('');
  const run = useSparqlQuery();
  const results = run.data?.results;
  const columns = results ? sparqlColumns(results) : [];

  return (
    <Stack gap="lg">
      <PageHeading>SPARQL Query</PageHeading>
      <Text>
        Runs a query on <Code>POST /api/sparql</Code> with an API key of your working group that has
        read permission. See{' '}
        <Anchor component={Link} to={apiInfoPath('sparql')}>
          the endpoint’s documentation
        </Anchor>{' '}
        for what the store holds.
      </Text>

      <Stack gap="xs" component="section" aria-label="Examples">
        <TextInput
          label="Profile IRI for the examples"
          value={profileIri}
          onChange={(event) => setProfileIri(event.currentTarget.value)}
        />
        <Group gap="xs">
          {sparqlExamples(profileIri.trim() || EXAMPLE_PROFILE_IRI).map((example) => (
            <Button
              key={example.id}
              variant="default"
              size="compact-sm"
              onClick={() => setQuery(example.query)}
            >
              {example.question}
            </Button>
          ))}
        </Group>
      </Stack>

      <QueryEditor text={query} onChange={setQuery} />
      <Group align="end">
        <PasswordInput
          label="API key"
          value={apiKey}
          onChange={(event) => setApiKey(event.currentTarget.value)}
          w={360}
        />
        <Button
          onClick={() => run.mutate({ query, apiKey: apiKey.trim() })}
          loading={run.isPending}
          disabled={apiKey.trim() === '' || query.trim() === ''}
        >
          Run query
        </Button>
      </Group>

      {run.error ? (
        <Alert color="red" title="The query was not answered">
          {run.error.message}
        </Alert>
      ) : null}

      {results ? (
        <Stack gap="xs" component="section" aria-label="Results">
          <Group justify="space-between">
            <Text>
              {results.length} {results.length === 1 ? 'result' : 'results'}
            </Text>
            <Anchor href={csvHref(sparqlCsv(results))} download="sparql-results.csv">
              Download CSV
            </Anchor>
          </Group>
          <Table.ScrollContainer minWidth={500}>
            <Table striped withTableBorder aria-label="Query results">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((row, index) => (
                  <Table.Tr key={index}>
                    {columns.map((column) => (
                      <Table.Td key={column} style={{ wordBreak: 'break-word' }}>
                        <BindingValue binding={row[column]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A bound value: an IRI as a link a person can follow (every IRI minted here dereferences). */
function BindingValue({ binding }: { binding: SparqlValue | undefined }) {
  if (!binding) return null;
  if (binding.type === 'uri' && /^https?:\/\//.test(binding.value))
    return <Anchor href={binding.value}>{binding.value}</Anchor>;
  return <>{binding.value}</>;
}
