import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PATTERN_LIMITED_EDIT_MESSAGE, type PatternView } from '../../../common/patterns';
import { useVersionPattern } from '../../api/patterns';
import { Field, FieldGrid } from '../../components/items/fields';
import { ItemDetailFrame } from '../../components/items/ItemDetailFrame';
import { LoadedItem } from '../../components/items/LoadedItem';
import { PatternStructure } from '../../components/patterns/LazyDiagrams';
import { useDiagramLinks, useVersionPatternIndex } from '../../components/patterns/diagram-source';
import { ComponentPanel } from './ComponentPanel';
import { patternDialogs } from './dialogs';
import { ComponentsTable, PatternFieldItems, type PanelTarget } from './PatternFields';
import { usePatternScope } from './scope';

export const PATTERN_NOT_FOUND = 'This profile version does not list this pattern.';
/** The whole structure of the pattern, every nested pattern expanded, from the version's document. */
function Structure({ iri, name }: { iri: string; name: string }) {
  const scope = usePatternScope();
  const { index, document } = useVersionPatternIndex(scope.profile.uuid, scope.version.uuid);
  const linkTo = useDiagramLinks(scope.profile, scope.version, scope.paths);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Diagram">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Diagram
        </Title>
        {index ? (
          <PatternStructure index={index} patternId={iri} name={name} linkTo={linkTo} />
        ) : document.data === undefined && !document.error ? (
          <Loader size="sm" role="progressbar" aria-label="Loading the diagram" />
        ) : (
          <Text size="sm" c="dimmed">
            The diagram cannot be drawn: the version&apos;s document could not be read.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PatternDetail({ view }: { view: PatternView }) {
  const scope = usePatternScope();
  const { pattern, permissions } = view;
  const [panel, setPanel] = useState<PanelTarget | null>(null);

  return (
    <ItemDetailFrame
      kind={patternDialogs}
      item={pattern}
      permissions={permissions}
      scope={scope}
      itemPath={scope.patternPath}
      publicSegment="patterns"
      afterDelete={(change) => scope.paths(change.versionId)}
      limitedMessage={PATTERN_LIMITED_EDIT_MESSAGE}
    >
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Pattern details">
        <FieldGrid>
          <Field label="Name" wide>
            {pattern.name}
          </Field>
          <PatternFieldItems pattern={pattern} groupLabel="Working Group" />
        </FieldGrid>
      </Paper>

      <Structure iri={pattern.iri} name={pattern.name} />

      <Paper withBorder radius="md" p="lg" component="section" aria-label="Components">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Components ({pattern.components.length})
          </Title>
          <ComponentsTable
            components={pattern.components}
            componentPath={scope.componentPath}
            onInfo={setPanel}
          />
        </Stack>
      </Paper>

      <ComponentPanel target={panel} onClose={() => setPanel(null)} />
    </ItemDetailFrame>
  );
}

/** {base}/patterns/{patternId}: a pattern as the version lists it, read-only. */
export function PatternDetailPage() {
  const scope = usePatternScope();
  const { patternId = '' } = useParams();
  const query = useVersionPattern(scope.profile.uuid, scope.version.uuid, patternId);
  return (
    <LoadedItem
      query={query}
      noun="pattern"
      notFound={PATTERN_NOT_FOUND}
      listPath={scope.listPath()}
    >
      {(view) => <PatternDetail view={view} />}
    </LoadedItem>
  );
}
