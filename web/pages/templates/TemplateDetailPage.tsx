import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  DETERMINING_PROPERTY_LABELS,
  TEMPLATE_LIMITED_EDIT_MESSAGE,
  type DeterminingProperty,
  type TemplateChange,
  type TemplateView,
} from '../../../common/templates';
import { useRemoveDeterminingProperty, useRemoveRule } from '../../api/templates';
import { ConfirmChangeDialog } from '../../components/items/dialogs';
import { ItemDetailFrame } from '../../components/items/ItemDetailFrame';
import { TemplateStatementTest } from '../../components/statements/TemplateStatementTest';
import { itemFields } from '../../components/items/types';
import {
  templateDialogs,
  underTemplateLock,
  useLatestTemplate,
  type TemplateTarget,
} from './dialogs';
import { locationOf } from './format';
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
import { LoadedTemplate } from './TemplateScreen';

export const PROPERTY_REMOVED_MESSAGE = 'The determining property was removed.';
export const RULE_REMOVED_MESSAGE = 'The rule was removed.';

type Dialog = { kind: 'property'; property: DeterminingProperty } | { kind: 'rule'; index: number };

const SECTIONS = ['details', 'example', 'determining', 'rules', 'concepts', 'related', 'test'];

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
    revision: template.revision,
  };
  const removeProperty = useRemoveDeterminingProperty(target);
  const removeRule = useRemoveRule(target);
  const latest = useLatestTemplate(target);
  /** A removal is based on the template shown; someone's save since is set beside it. */
  const based = (action: string) => ({
    revision: target.revision,
    fields: itemFields(template),
    latest,
    action,
  });
  const can: Abilities = {
    edit: permissions.edit,
    editFixed: permissions.edit && !template.publishedInProfile,
    removeRule: permissions.edit && permissions.removeRule,
  };
  const changedPath = (change: TemplateChange) =>
    scope.templatePath(change.template.uuid, '', change.versionId);
  const open = (change: TemplateChange) => void navigate(changedPath(change));
  const close = () => setDialog(null);
  const refCount =
    template.objectStatementRefTemplate.length + template.contextStatementRefTemplate.length;

  return (
    <ItemDetailFrame
      kind={templateDialogs}
      item={template}
      permissions={permissions}
      scope={scope}
      itemPath={scope.templatePath}
      editable={false}
      limitedMessage={TEMPLATE_LIMITED_EDIT_MESSAGE}
    >
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
        <Section value="test" label="Test a Statement">
          <TemplateStatementTest template={template} />
        </Section>
      </Accordion>

      {dialog?.kind === 'property' && (
        <ConfirmChangeDialog
          title="Remove Determining Property?"
          confirmLabel="Remove Determining Property"
          run={(basedOn) =>
            underTemplateLock(target, () =>
              removeProperty.mutateAsync({ property: dialog.property, basedOn }),
            )
          }
          based={based('Remove')}
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
          run={(basedOn) =>
            underTemplateLock(target, () =>
              removeRule.mutateAsync({ index: dialog.index, basedOn }),
            )
          }
          based={based('Remove')}
          success={{ subject: 'Rule removed', message: RULE_REMOVED_MESSAGE }}
          onDone={open}
          onClose={close}
        >
          Remove the rule for{' '}
          <strong>{locationOf(template.rules[dialog.index] ?? {}) || 'this location'}</strong> from
          this statement template?
        </ConfirmChangeDialog>
      )}
    </ItemDetailFrame>
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
