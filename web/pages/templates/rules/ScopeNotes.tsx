import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { REQUIRED } from '../../../../common/profiles';
import type { TemplateChange } from '../../../../common/templates';
import { useFetchVersionTemplate, useUpdateRule } from '../../../api/templates';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  FORM_WORDING,
  useEditConflict,
  type Saved,
} from '../../../components/EditConflict';
import { ConfirmChangeDialog } from '../../../components/items/dialogs';
import { ErrorAlert, HiddenHeader } from '../../../components/parts';
import { availableLanguages, languageName, rankLanguageOptions } from '../../../lib/languages';
import { NO_LANGUAGE_MATCH } from '../../../components/TranslationsField';
import { underTemplateLock, type TemplateTarget } from '../dialogs';

export const SCOPE_NOTE_SAVED_MESSAGE = 'The scope note was saved.';
export const SCOPE_NOTE_REMOVED_MESSAGE = 'The scope note was removed.';

const scopeNoteSchema = z.object({
  language: z.string().trim().min(1, REQUIRED),
  scopeNote: z.string().trim().min(1, REQUIRED).max(5000),
});
type ScopeNoteValues = z.infer<typeof scopeNoteSchema>;

/** A rule's scope notes, by language code. */
export function scopeNotesOf(rule: Record<string, unknown>): Record<string, string> {
  const notes = rule.scopeNote;
  if (typeof notes !== 'object' || notes === null || Array.isArray(notes)) return {};
  return Object.fromEntries(
    Object.entries(notes).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The rule with other scope notes; none at all leaves the property out. */
function withScopeNotes(rule: Record<string, unknown>, notes: Record<string, string>) {
  const { scopeNote: _old, ...rest } = rule;
  return Object.keys(notes).length === 0 ? rest : { ...rest, scopeNote: notes };
}

/** Scope notes one language to a line, as a conflict sets them side by side. */
const notesText = (notes: Record<string, string>) =>
  Object.entries(notes)
    .map(([language, note]) => `${languageName(language)}: ${note}`)
    .join('\n');

type Notes = Record<string, string>;

/**
 * Adding a scope note: a language not used yet, and the text; both required. `save` sends it,
 * based on a revision of the template; when someone saved the template meanwhile, their note in
 * that language is set beside the one typed: Keep mine adds it to their version of the rule,
 * Take theirs leaves their scope notes as they are.
 */
function AddScopeNoteDialog({
  usedLanguages,
  revision,
  save,
  latest,
  onSaved,
  onClose,
}: {
  usedLanguages: string[];
  revision: string;
  save: (values: ScopeNoteValues, basedOn: string) => Promise<TemplateChange>;
  latest: () => Promise<Saved<Notes>>;
  onSaved: (change: TemplateChange) => void;
  onClose: () => void;
}) {
  const form = useForm<ScopeNoteValues>({
    resolver: zodResolver(scopeNoteSchema),
    defaultValues: { language: '', scopeNote: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const edit = useEditConflict({ revision, send: save, latest, onSaved });
  // The languages used when the dialog opened: one chosen stays offered when their save adds it.
  const [used] = useState(usedLanguages);
  const options = availableLanguages(used, { includeEnglish: true });
  const byCode = new Map(options.map((l) => [l.code, l]));
  const submit = form.handleSubmit((values) => edit.save(values));

  return (
    <Modal opened onClose={onClose} title="Add Scope Note" centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add Scope Note">
        <Stack gap="md">
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Select
                label="Language"
                placeholder="Type a language name or code"
                required
                searchable
                data={options.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
                filter={({ options: items, search }) =>
                  rankLanguageOptions(items, search, (item) =>
                    'value' in item ? byCode.get(item.value) : undefined,
                  )
                }
                nothingFoundMessage={NO_LANGUAGE_MATCH}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.language?.message}
                maxDropdownHeight={260}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Textarea
            {...form.register('scopeNote')}
            label="Scope Note"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            error={errors.scopeNote?.message}
          />
          <ErrorAlert error={edit.error} title="Scope note not saved" />
          <ConflictOf
            edit={edit}
            compare={(theirs, mine) =>
              differencesOf(
                { note: theirs[mine.language] ?? '' },
                { note: mine.scopeNote },
                { note: `${languageName(mine.language)} scope note` },
              )
            }
            wording={{
              ...FORM_WORDING,
              hint: 'What you typed is kept: Keep mine adds it to their version of the rule, Take theirs closes this and shows their scope notes.',
            }}
            onTakeTheirs={onClose}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.busy}>
              Add Scope Note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A rule's scope notes, one row per language; editors add one (a language not used yet) or
 * remove one. Each change saves the rule with its new scope notes, under the template's lock.
 */
export function ScopeNotes({
  target,
  rule,
  index,
  editable,
  onSaved,
}: {
  target: TemplateTarget;
  rule: Record<string, unknown>;
  index: number;
  editable: boolean;
  onSaved: (change: TemplateChange) => void;
}) {
  const update = useUpdateRule(target);
  const fetchLatest = useFetchVersionTemplate(
    target.profileId,
    target.versionId,
    target.templateId,
  );
  const notes = scopeNotesOf(rule);
  const languages = Object.keys(notes);
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'remove'; language: string } | null
  >(null);
  /**
   * Saves the rule as the page shows it with other scope notes. After a conflict the page shows
   * their version (reading it refreshed the template), so a change sent again lands on theirs.
   */
  const save = (next: Notes, basedOn: string) =>
    underTemplateLock(target, () =>
      update.mutateAsync({ index, rule: withScopeNotes(rule, next), basedOn }),
    );
  /** Their scope notes of this rule, read afresh. */
  const latestNotes = async (): Promise<Saved<Notes>> => {
    const { template } = await fetchLatest();
    return { revision: template.revision, values: scopeNotesOf(template.rules[index] ?? {}) };
  };

  return (
    <Stack gap="xs" component="section" aria-label="Scope notes">
      <Group justify="space-between" align="flex-end">
        <div>
          <Input.Label>Scope Notes</Input.Label>
          <Input.Description>How this rule is meant to be used, per language.</Input.Description>
        </div>
        {editable && (
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => setDialog({ kind: 'add' })}
            disabled={availableLanguages(languages, { includeEnglish: true }).length === 0}
          >
            Add Scope Note
          </Button>
        )}
      </Group>
      {languages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scope notes yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table withTableBorder aria-label="Scope notes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={200}>Language</Table.Th>
                <Table.Th>Scope Note</Table.Th>
                {editable && <HiddenHeader label="Actions" w={100} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {languages.map((language) => (
                <Table.Tr key={language}>
                  <Table.Td>{languageName(language)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{notes[language]}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Remove ${languageName(language)} scope note`}
                        onClick={() => setDialog({ kind: 'remove', language })}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog?.kind === 'add' && (
        <AddScopeNoteDialog
          usedLanguages={languages}
          revision={target.revision}
          save={({ language, scopeNote }, basedOn) =>
            save({ ...notes, [language]: scopeNote }, basedOn)
          }
          latest={latestNotes}
          onClose={() => setDialog(null)}
          onSaved={(change) => {
            feedback.showSuccess({
              subject: 'Scope note saved',
              message: SCOPE_NOTE_SAVED_MESSAGE,
            });
            setDialog(null);
            onSaved(change);
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmChangeDialog
          title="Remove Scope Note?"
          confirmLabel="Remove Scope Note"
          run={(basedOn) =>
            save(
              Object.fromEntries(
                languages.filter((l) => l !== dialog.language).map((l) => [l, notes[l] ?? '']),
              ),
              basedOn,
            )
          }
          based={{
            revision: target.revision,
            fields: { scopeNotes: notesText(notes) },
            latest: async () => {
              const { revision, values } = await latestNotes();
              return { revision, values: { scopeNotes: notesText(values) } };
            },
            action: 'Remove',
          }}
          success={{ subject: 'Scope note removed', message: SCOPE_NOTE_REMOVED_MESSAGE }}
          onDone={onSaved}
          onClose={() => setDialog(null)}
        >
          Remove the <strong>{languageName(dialog.language)}</strong> scope note of this rule?
        </ConfirmChangeDialog>
      )}
    </Stack>
  );
}
