import { NativeSelect, Paper, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { compileProfile, parse, validateStatement, type Iri } from '../../../xapi/index';
import { patternIndexOf } from '../../components/patterns/diagram-source';
import { RegistrationDiagram } from '../../components/patterns/LazyDiagrams';
import { iriLookupPath } from '../../lib/paths';
import type { SiteSimulation } from '../../api/simulate';

/** Most registrations offered in the choice: enough to compare a few paths. */
const MOST_REGISTRATIONS = 50;

type Json = Record<string, unknown>;

const registrationOf = (statement: Json): string => {
  const context = statement.context as Json | undefined;
  return typeof context?.registration === 'string' ? context.registration : '';
};

/**
 * The generated registrations, one at a time, drawn on their primary pattern with the path their
 * statements took: which branch, how many turns of a loop, which optional parts.
 */
export function GeneratedPaths({
  answer,
  document,
  names,
  pages,
}: {
  answer: SiteSimulation;
  document: unknown;
  names: Map<string, string>;
  pages: Map<string, string>;
}) {
  const index = useMemo(() => patternIndexOf(document), [document]);
  const compiled = useMemo(() => {
    const { model } = parse(document);
    return model ? compileProfile(model) : undefined;
  }, [document]);
  const registrations = useMemo(() => {
    const byId = new Map<string, { statements: number[]; pattern: Iri }>();
    answer.statements.forEach((statement, i) => {
      const id = registrationOf(statement);
      const origin = answer.origins[i];
      if (!id || !origin) return;
      const entry = byId.get(id) ?? { statements: [], pattern: origin.pattern };
      entry.statements.push(i);
      byId.set(id, entry);
    });
    return [...byId.entries()].slice(0, MOST_REGISTRATIONS);
  }, [answer]);
  const [chosen, setChosen] = useState(0);
  const current = registrations[Math.min(chosen, registrations.length - 1)];
  const templates = useMemo(
    () =>
      current && compiled
        ? current[1].statements.map(
            (i) => validateStatement(answer.statements[i], compiled).matched,
          )
        : [],
    [current, compiled, answer.statements],
  );
  if (!index || !current) return null;
  const linkTo = (id: string) => pages.get(id) ?? iriLookupPath(id);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="generated-paths-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="generated-paths-title">
          Paths through the patterns
        </Title>
        <NativeSelect
          label="Registration"
          description={`Each registration follows one primary pattern; the first ${Math.min(registrations.length, MOST_REGISTRATIONS)} can be shown.`}
          value={String(chosen)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data={registrations.map(([id, r], i) => ({
            value: String(i),
            label: `${i + 1}. ${names.get(r.pattern) ?? r.pattern}: ${r.statements.length} ${r.statements.length === 1 ? 'statement' : 'statements'} (${id.slice(0, 8)}…)`,
          }))}
        />
        <RegistrationDiagram
          index={index}
          patternId={current[1].pattern}
          templates={templates}
          linkTo={linkTo}
          label={`registration ${current[0]}`}
        />
      </Stack>
    </Paper>
  );
}
