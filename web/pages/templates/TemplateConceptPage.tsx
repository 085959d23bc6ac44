import { Button, Group, Paper, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ConceptPanelBody } from '../../components/items/ConceptPanel';
import { useTemplateScope } from './scope';
import { PageDoesNotExist } from '../../components/items/LoadedItem';
import { LoadedTemplate, TemplateCrumbs } from './TemplateScreen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * {base}/templates/{templateId}/concepts/{conceptId} and …/determining-properties/{conceptId}:
 * a concept the template uses, read-only, with the way back to the template.
 */
export function TemplateConceptPage() {
  const scope = useTemplateScope();
  const { conceptId = '' } = useParams();
  return (
    <LoadedTemplate>
      {({ template }) =>
        UUID.test(conceptId) ? (
          <Stack gap="md">
            <TemplateCrumbs template={template} current="Concept" />
            <Paper withBorder radius="md" p="lg" component="section" aria-label="Concept">
              <ConceptPanelBody key={conceptId} initialId={conceptId} />
            </Paper>
            <Group>
              <Button component={Link} to={scope.templatePath(template.uuid)} variant="light">
                Back to the statement template
              </Button>
            </Group>
          </Stack>
        ) : (
          <PageDoesNotExist backTo={scope.templatePath(template.uuid)} />
        )
      }
    </LoadedTemplate>
  );
}
