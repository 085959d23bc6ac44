import { Button, Code, Group, List, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TemplateView } from '../../../../common/templates';
import { Field, FieldGrid, None } from '../../../components/items/fields';
import type { TemplateTarget } from '../dialogs';
import { conditionsOf, locationOf, ruleIndexOf, ruleText, valueText } from '../format';
import { useTemplateScope } from '../scope';
import { PageDoesNotExist } from '../../../components/items/LoadedItem';
import { LoadedTemplate, TemplateCrumbs } from '../TemplateScreen';
import { ScopeNotes } from './ScopeNotes';

const CONDITION_LABELS = { any: 'Any', all: 'All', none: 'None' } as const;

function RuleView({ view, index }: { view: TemplateView; index: number }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template, permissions } = view;
  const rule = template.rules[index] ?? {};
  const location = locationOf(rule);
  const conditions = conditionsOf(rule);
  const target: TemplateTarget = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: template.uuid,
    name: template.name,
    revision: template.revision,
  };
  // Only the owning profile's editors change rules, on the group's pages, while unpublished.
  const canEditRule =
    scope.onGroupPage && permissions.edit && !template.linked && !template.publishedInProfile;

  return (
    <Stack gap="md">
      <TemplateCrumbs template={template} current="Rule" />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          Rule for <Code fz="inherit">{location || '(no location)'}</Code>
        </Title>
        {canEditRule && (
          <Button
            component={Link}
            to={scope.templatePath(template.uuid, `rule/edit?rule=${index}`)}
          >
            Edit Rule
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Rule details">
        <Stack gap="lg">
          <FieldGrid>
            <Field label="Location" wide>
              {location ? <Code>{location}</Code> : <None />}
            </Field>
            <Field label="Selector" wide>
              {typeof rule.selector === 'string' ? <Code>{rule.selector}</Code> : <None />}
            </Field>
            <Field label="Presence">
              {typeof rule.presence === 'string' ? rule.presence : <None />}
            </Field>
            {conditions.map(({ kind, values }) => (
              <Field key={kind} label={CONDITION_LABELS[kind]} wide>
                <List size="sm" spacing={2} aria-label={`${CONDITION_LABELS[kind]} values`}>
                  {values.map((value, i) => (
                    <List.Item key={`${i}-${valueText(value)}`}>
                      <Code style={{ wordBreak: 'break-all' }}>{valueText(value)}</Code>
                    </List.Item>
                  ))}
                </List>
              </Field>
            ))}
          </FieldGrid>
          <ScopeNotes
            target={target}
            rule={rule}
            index={index}
            editable={permissions.edit && !template.linked}
            onSaved={(change) =>
              void navigate(
                scope.templatePath(
                  change.template.uuid,
                  `rule/view?rule=${index}`,
                  change.versionId,
                ),
              )
            }
          />
          <Stack gap={4}>
            <Title order={3} size="h5">
              Rule JSON
            </Title>
            <Code block aria-label="Rule JSON">
              {ruleText(rule)}
            </Code>
          </Stack>
        </Stack>
      </Paper>
      <Group>
        <Button component={Link} to={scope.templatePath(template.uuid)} variant="light">
          Back to the statement template
        </Button>
      </Group>
    </Stack>
  );
}

/** {base}/templates/{templateId}/rule/view?rule=N: one rule, read-only, with its scope notes. */
export function RuleViewPage() {
  const scope = useTemplateScope();
  const [params] = useSearchParams();
  return (
    <LoadedTemplate>
      {(view) => {
        const index = ruleIndexOf(params.get('rule'), view.template);
        return index === null ? (
          <PageDoesNotExist backTo={scope.templatePath(view.template.uuid)} />
        ) : (
          <RuleView key={`${view.template.uuid}-${index}`} view={view} index={index} />
        );
      }}
    </LoadedTemplate>
  );
}
