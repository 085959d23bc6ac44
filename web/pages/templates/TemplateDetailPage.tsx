import { Accordion, Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DETERMINING_PROPERTY_LABELS,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  type DeterminingProperty,
  type TemplateChange,
  type TemplateView,
} from '../../../common/templates';
import { useRemoveDeterminingProperty, useRemoveRule } from '../../api/templates';
import { DeprecatedBanner } from '../concepts/ConceptDetailPage';
import { LinkedBadge, StatusBadge } from '../concepts/ConceptsTable';
import { publicProfilePath } from '../profile/format';
import {
  ConfirmChangeDialog,
  DeleteTemplateDialog,
  DeprecateTemplateDialog,
  RemoveTemplateLinkDialog,
  underTemplateLock,
  type TemplateTarget,
} from './dialogs';
import { locationOf, TEMPLATE_NOUN } from './format';
import { useTemplateScope } from './scope';
import {
  ConceptsSection,
  DetailsSection,
  DeterminingSection,
  ExampleSection,
  RelatedSection,
  RulesSection,
  type Abilities,
} from './sections';
import { LoadedTemplate, TemplateCrumbs } from './TemplateScreen';

export const PROPERTY_REMOVED_MESSAGE = 'The determining property was removed.';
export const RULE_REMOVED_MESSAGE = 'The rule was removed.';

type Dialog =
  | { kind: 'deprecate' }
  | { kind: 'delete' }
  | { kind: 'unlink' }
  | { kind: 'property'; property: DeterminingProperty }
  | { kind: 'rule'; index: number };

const SECTIONS = ['details', 'example', 'determining', 'rules', 'concepts', 'related'];

function SectionTitle({ label, count }: { label: string; count?: number }) {
  return (
    <Group gap="xs">
      <Text fw={600}>{label}</Text>
      {count !== undefined && (
        <Badge size="sm" variant="light" color="gray" circle={count < 10}>
          {count}
        </Badge>
      )}
    </Group>
  );
}

function Section({
  value,
  label,
  count,
  children,
}: {
  value: string;
  label: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <SectionTitle label={label} count={count} />
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

function TemplateDetail({ view }: { view: TemplateView }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template, permissions } = view;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const target: TemplateTarget = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: template.uuid,
    name: template.name,
  };
  const removeProperty = useRemoveDeterminingProperty(target);
  const removeRule = useRemoveRule(target);
  const can: Abilities = {
    edit: permissions.edit,
    editFixed: permissions.edit && !template.publishedInProfile,
    removeRule: permissions.edit && permissions.removeRule,
  };
  const parent = template.parentProfile;
  const open = (change: TemplateChange) =>
    void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
  const close = () => setDialog(null);
  const refCount =
    template.objectStatementRefTemplate.length + template.contextStatementRefTemplate.length;

  return (
    <Stack gap="md">
      <TemplateCrumbs template={template} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Title>
          <Group gap={6}>
            <StatusBadge status={template.status} />
            {template.linked && <LinkedBadge />}
          </Group>
        </Stack>
        {permissions.edit && (
          <Group gap="xs" role="toolbar" aria-label="Statement template actions">
            <Button
              variant="outline"
              color="orange"
              onClick={() => setDialog({ kind: 'deprecate' })}
            >
              Deprecate
            </Button>
            <Button variant="outline" color="red" onClick={() => setDialog({ kind: 'delete' })}>
              Delete
            </Button>
          </Group>
        )}
      </Group>

      <DeprecatedBanner deprecation={template.deprecation} noun={TEMPLATE_NOUN} />
      {template.linked && (
        <Alert
          color="blue"
          variant="light"
          title="Linked statement template"
          aria-label="Linked statement template"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              This statement template is defined in{' '}
              {parent ? (
                <Anchor component={Link} to={publicProfilePath(parent.uuid)} size="sm">
                  {parent.name}
                </Anchor>
              ) : (
                'another profile'
              )}{' '}
              and only listed in this one: it is edited there.
            </Text>
            {permissions.removeLink && (
              <Button variant="light" color="red" onClick={() => setDialog({ kind: 'unlink' })}>
                Remove Link
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {permissions.edit && template.publishedInProfile && (
        <Alert color="yellow" variant="light" aria-label="Limited editing">
          {TEMPLATE_LIMITED_EDIT_MESSAGE}
        </Alert>
      )}

      <Accordion multiple defaultValue={SECTIONS} variant="separated" radius="md">
        <Section value="details" label="Statement Template Details">
          <DetailsSection template={template} can={can} />
        </Section>
        <Section value="example" label="Example Statement">
          <ExampleSection template={template} can={can} />
        </Section>
        <Section
          value="determining"
          label="Determining Properties"
          count={template.determiningProperties.length}
        >
          <DeterminingSection
            template={template}
            can={can}
            onRemove={(property) => setDialog({ kind: 'property', property })}
          />
        </Section>
        <Section value="rules" label="Statement Rules" count={template.rules.length}>
          <RulesSection
            template={template}
            can={can}
            onRemove={(index) => setDialog({ kind: 'rule', index })}
          />
        </Section>
        <Section value="concepts" label="Associated Concepts" count={template.concepts.length}>
          <ConceptsSection template={template} />
        </Section>
        <Section value="related" label="Related Statement Templates" count={refCount}>
          <RelatedSection template={template} can={can} />
        </Section>
      </Accordion>

      {dialog?.kind === 'deprecate' && (
        <DeprecateTemplateDialog target={target} onClose={close} onDeprecated={open} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTemplateDialog
          target={target}
          onClose={close}
          onDeleted={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
      {dialog?.kind === 'unlink' && (
        <RemoveTemplateLinkDialog
          target={target}
          onClose={close}
          onRemoved={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
      {dialog?.kind === 'property' && (
        <ConfirmChangeDialog
          title="Remove Determining Property?"
          confirmLabel="Remove Determining Property"
          run={() => underTemplateLock(target, () => removeProperty.mutateAsync(dialog.property))}
          success={{ subject: 'Determining property removed', message: PROPERTY_REMOVED_MESSAGE }}
          onDone={open}
          onClose={close}
        >
          Remove the <strong>{DETERMINING_PROPERTY_LABELS[dialog.property]}</strong> determining
          property from this statement template?
        </ConfirmChangeDialog>
      )}
      {dialog?.kind === 'rule' && (
        <ConfirmChangeDialog
          title="Remove Rule?"
          confirmLabel="Remove Rule"
          run={() => underTemplateLock(target, () => removeRule.mutateAsync(dialog.index))}
          success={{ subject: 'Rule removed', message: RULE_REMOVED_MESSAGE }}
          onDone={open}
          onClose={close}
        >
          Remove the rule for{' '}
          <strong>{locationOf(template.rules[dialog.index] ?? {}) || 'this location'}</strong> from
          this statement template?
        </ConfirmChangeDialog>
      )}
    </Stack>
  );
}

/** {base}/templates/{templateId}: a statement template as the version lists it. */
export function TemplateDetailPage() {
  const scope = useTemplateScope();
  return (
    <LoadedTemplate>
      {(view) => <TemplateDetail key={`${scope.version.uuid}-${view.template.uuid}`} view={view} />}
    </LoadedTemplate>
  );
}
