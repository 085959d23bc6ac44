import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Group,
  Input,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PROFILE_LIMITS, translationSchema, type Translation } from '../../common/profiles';
import { availableLanguages, languageName, rankLanguageOptions } from '../lib/languages';

export const NO_LANGUAGE_MATCH = 'No results found';

const languageLabel = (code: string) => `${languageName(code)} (${code})`;

/** The translation form: language, name and description, each required. */
function TranslationDialog({
  opened,
  initial,
  usedLanguages,
  onSave,
  onClose,
}: {
  opened: boolean;
  initial: Translation | null;
  usedLanguages: string[];
  onSave: (translation: Translation) => void;
  onClose: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(translationSchema),
    defaultValues: initial ?? { language: '', translationName: '', translationDesc: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const options = availableLanguages(
    usedLanguages.filter((code) => code.toLowerCase() !== initial?.language.toLowerCase()),
  );
  const byValue = new Map(options.map((l) => [l.code, l]));
  const submit = form.handleSubmit((values) => onSave(values));
  const editing = initial !== null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Translation' : 'Add Translation'}
      centered
      size="lg"
    >
      <form
        noValidate
        aria-label={editing ? 'Edit Translation' : 'Add Translation'}
        onSubmit={(event) => {
          // The dialog sits inside the profile form in React's tree: keep this submit to itself.
          event.stopPropagation();
          void submit(event);
        }}
      >
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
                data={options.map((l) => ({ value: l.code, label: languageLabel(l.code) }))}
                filter={({ options: items, search }) =>
                  rankLanguageOptions(items, search, (item) =>
                    'value' in item ? byValue.get(item.value) : undefined,
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
          <TextInput
            {...form.register('translationName')}
            label="Translated Name"
            required
            maxLength={PROFILE_LIMITS.nameMax}
            error={errors.translationName?.message}
          />
          <Textarea
            {...form.register('translationDesc')}
            label="Translated Description"
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={PROFILE_LIMITS.descriptionMax}
            error={errors.translationDesc?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{editing ? 'Save Translation' : 'Add Translation'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; index: number }
  | { kind: 'view'; index: number }
  | { kind: 'remove'; index: number };

/** The profile's names and descriptions in other languages, with Add, View, Edit and Remove. */
export function TranslationsField({
  value,
  onChange,
  error,
}: {
  value: Translation[];
  onChange: (translations: Translation[]) => void;
  error?: string | undefined;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A new key per opening starts each dialog from its own values.
  const [openings, setOpenings] = useState(0);
  const open = (next: Dialog) => {
    setOpenings((n) => n + 1);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const used = value.map((t) => t.language);
  const selected = dialog && dialog.kind !== 'add' ? value[dialog.index] : undefined;
  const allTaken = availableLanguages(used).length === 0;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Input.Label>Translations</Input.Label>
          <Input.Description>
            The name and description in languages other than English.
          </Input.Description>
        </div>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => open({ kind: 'add' })}
          disabled={allTaken || value.length >= PROFILE_LIMITS.translationsMax}
        >
          Add Translation
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No translations yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label="Translations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Language</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={220}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((translation, index) => (
                <Table.Tr key={translation.language}>
                  <Table.Td>{languageLabel(translation.language)}</Table.Td>
                  <Table.Td>{translation.translationName}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => open({ kind: 'view', index })}
                        aria-label={`View ${languageName(translation.language)} translation`}
                      >
                        View
                      </Anchor>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => open({ kind: 'edit', index })}
                        aria-label={`Edit ${languageName(translation.language)} translation`}
                      >
                        Edit
                      </Anchor>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        c="red"
                        onClick={() => open({ kind: 'remove', index })}
                        aria-label={`Remove ${languageName(translation.language)} translation`}
                      >
                        Remove
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <TranslationDialog
          key={openings}
          opened
          initial={dialog.kind === 'edit' ? (selected ?? null) : null}
          usedLanguages={used}
          onClose={close}
          onSave={(translation) => {
            onChange(
              dialog.kind === 'edit'
                ? value.map((t, i) => (i === dialog.index ? translation : t))
                : [...value, translation],
            );
            close();
          }}
        />
      )}

      <Modal
        opened={dialog?.kind === 'view' && selected !== undefined}
        onClose={close}
        title="View Translation"
        centered
      >
        {selected && (
          <Stack gap="sm">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Language
              </Text>
              <Text>{languageLabel(selected.language)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Name
              </Text>
              <Text>{selected.translationName}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Description
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{selected.translationDesc}</Text>
            </div>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={dialog?.kind === 'remove' && selected !== undefined}
        onClose={close}
        title="Remove Translation"
        centered
      >
        {selected && (
          <Stack gap="lg">
            <Text size="sm">
              Remove the {languageName(selected.language)} translation “{selected.translationName}”
              from this profile?
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} data-autofocus>
                Keep Translation
              </Button>
              <Button
                color="red"
                onClick={() => {
                  if (dialog?.kind === 'remove') {
                    onChange(value.filter((_, i) => i !== dialog.index));
                  }
                  close();
                }}
              >
                Remove Translation
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
