import { Alert, Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { checkRule, RULE_VALID_MESSAGE, type Rule } from '../../../../common/rule-check';
import type { TemplateView } from '../../../../common/templates';
import {
  templateLockPath,
  useAddRule,
  useFetchVersionTemplate,
  useUpdateRule,
} from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { DiscardChangesDialog } from '../../../components/DiscardChangesDialog';
import { WriteLockGate } from '../../../components/WriteLockGate';
import { determiningValuesOf, otherRulesOf, ruleIndexOf, ruleText } from '../format';
import { PageDoesNotExist } from '../../../components/items/LoadedItem';
import { useTemplateScope } from '../scope';
import { EditableTemplate, ProblemsAlert, TemplateCrumbs } from '../TemplateScreen';

export const RULE_SAVED_MESSAGE = 'The rule was saved.';
/** How long the check's success message stays. */
export const RULE_VALID_SHOWN_MS = 2000;

const RULE_PLACEHOLDER = `"location": "$.result.score.raw",
"presence": "included"`;

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type RuleObject = Record<string, unknown>;

/** A list of rules one to a line, each as compact JSON. */
const ruleLines = (rules: readonly RuleObject[]) =>
  rules.map((rule) => JSON.stringify(rule)).join('\n');

/**
 * Their rules against the rule typed: a new rule as their list beside the list it was added to,
 * an edited one as their rule at its position beside it.
 */
function ruleDifferences(
  index: number | null,
  loaded: readonly RuleObject[],
  theirs: readonly RuleObject[],
  mine: RuleObject,
) {
  if (index === null)
    return differencesOf(
      { rules: ruleLines(theirs) },
      { rules: ruleLines([...loaded, mine]) },
      { rules: 'Rules' },
    );
  const their = theirs[index];
  return differencesOf(
    { rule: their ? ruleText(their) : '(no rule at this position)' },
    { rule: ruleText(mine) },
    { rule: `Rule ${index + 1}` },
  );
}

/**
 * The rule editor: the rule's JSON (with or without its outer braces), checked by Check JSON
 * Format against the rule schema, the template's other rules and its determining properties.
 * Add Rule / Save Rule waits for a check that passed on the text as it is now.
 */
function RuleEditor({ view, index }: { view: TemplateView; index: number | null }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const { template } = view;
  const target = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    templateId: template.uuid,
  };
  const add = useAddRule(target);
  const update = useUpdateRule(target);
  const saving = index === null ? add : update;
  const fetchLatest = useFetchVersionTemplate(
    target.profileId,
    target.versionId,
    target.templateId,
  );
  // The rules the editor opened on: a new rule is shown added to them.
  const [loadedRules] = useState(template.rules);
  const original = index === null ? '' : ruleText(template.rules[index] ?? {});
  const [text, setText] = useState(original);
  const [passed, setPassed] = useState<{ text: string; rule: Rule } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  /** Counts the checks that passed, so each one shows the message for its own two seconds. */
  const [validShown, setValidShown] = useState(0);
  const [discarding, setDiscarding] = useState(false);
  const ready = passed !== null && passed.text === text;

  const edit = useEditConflict({
    revision: template.revision,
    send: (rule: RuleObject, basedOn: string) =>
      index === null
        ? add.mutateAsync({ rule, basedOn })
        : update.mutateAsync({ index, rule, basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return { revision: latest.template.revision, values: latest.template.rules };
    },
    onSaved: (change) => {
      feedback.showSuccess({ subject: 'Rule saved', message: RULE_SAVED_MESSAGE });
      void navigate(scope.templatePath(change.template.uuid, '', change.versionId));
    },
    // Take theirs: their rule at this position (nothing, for a new rule), to check again.
    onTakeTheirs: (rules) => {
      const their = index === null ? undefined : rules[index];
      setText(their ? ruleText(their) : '');
      setPassed(null);
      setProblems([]);
      setValidShown(0);
    },
  });

  useEffect(() => {
    if (validShown === 0) return;
    const timer = setTimeout(() => setValidShown(0), RULE_VALID_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [validShown]);

  const check = () => {
    saving.reset();
    const result = checkRule(text, {
      determining: determiningValuesOf(template),
      otherRules: otherRulesOf(template, index),
    });
    if (result.ok) {
      setPassed({ text, rule: result.rule });
      setProblems([]);
      setValidShown((n) => n + 1);
    } else {
      setPassed(null);
      setProblems(result.errors);
      setValidShown(0);
    }
  };

  const back = () => void navigate(scope.templatePath(template.uuid));
  const save = () => {
    if (!passed || !ready) return;
    edit.save({ ...passed.rule });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {index === null ? 'Add Rule' : 'Edit Rule'}
        </Title>
        <Textarea
          label="Rule JSON"
          description='The rule as JSON, with or without its outer braces: "location" (a JSONPath) and at least one of "presence", "any", "all" or "none"; "selector" and "scopeNote" are optional.'
          placeholder={RULE_PLACEHOLDER}
          rows={15}
          styles={mono}
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setValidShown(0);
            if (saving.error) saving.reset();
          }}
        />
        {validShown > 0 && ready && (
          <Alert color="green" variant="light" role="status">
            {RULE_VALID_MESSAGE}
          </Alert>
        )}
        <ProblemsAlert
          problems={problems}
          error={otherThanConflict(saving.error)}
          title={otherThanConflict(saving.error) ? 'Rule not saved' : 'The rule has problems'}
        />
        <ConflictOf
          edit={edit}
          compare={(theirs, mine) => ruleDifferences(index, loadedRules, theirs, mine)}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="light" onClick={check}>
            Check JSON Format
          </Button>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => (text !== original ? setDiscarding(true) : back())}
            >
              Cancel
            </Button>
            <Button disabled={!ready} loading={edit.busy} onClick={save}>
              {index === null ? 'Add Rule' : 'Save Rule'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <DiscardChangesDialog
        opened={discarding}
        subject="rule"
        onKeep={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          back();
        }}
      />
    </Paper>
  );
}

/** Rules are fixed once the template is published, and only its own profile edits them. */
const rulesOpen = (view: TemplateView) =>
  !view.template.publishedInProfile && !view.template.linked;

/**
 * {base}/templates/{templateId}/rule/create and rule/edit?rule=N: the rule editor under the
 * template's write lock. A rule the template does not have is a page that does not exist.
 */
export function RuleEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const scope = useTemplateScope();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <EditableTemplate allowed={rulesOpen}>
      {(view) => {
        const index = mode === 'create' ? null : ruleIndexOf(params.get('rule'), view.template);
        if (mode === 'edit' && index === null)
          return <PageDoesNotExist backTo={scope.templatePath(view.template.uuid)} />;
        return (
          <Stack gap="md">
            <TemplateCrumbs
              template={view.template}
              current={mode === 'create' ? 'Add Rule' : 'Edit Rule'}
            />
            <WriteLockGate
              lockPath={templateLockPath(
                scope.profile.uuid,
                scope.version.uuid,
                view.template.uuid,
              )}
              onLeave={() => void navigate(scope.templatePath(view.template.uuid))}
            >
              <RuleEditor
                key={`${scope.version.uuid}-${view.template.uuid}-${index ?? 'new'}`}
                view={view}
                index={index}
              />
            </WriteLockGate>
          </Stack>
        );
      }}
    </EditableTemplate>
  );
}
