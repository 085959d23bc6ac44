import { Alert, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { EditConflict } from '../../common/revisions';
import { editConflictOf } from '../api/organizations';

/** One field whose saved value (theirs) differs from what the editor typed (yours). */
export interface Difference {
  field: string;
  theirs: string;
  yours: string;
}

/** Form values, field by field, as a screen fills its form and sends its save. */
export type FieldValues = object;

const EMPTY = '(empty)';

/** A value in the table: lines kept, and a long word (an IRI) broken rather than sticking out. */
const VALUE_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A value as a person reads it: text as is, lists one item after the other, records by value. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY : value.map((item) => displayValue(item)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.values(value as Record<string, unknown>)
      .map((part) => displayValue(part))
      .filter((part) => part !== EMPTY);
    return parts.length === 0 ? EMPTY : parts.join(' · ');
  }
  return EMPTY;
}

/** `moreInformation` reads 'More information'. */
export const fieldLabel = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields of `yours` (what the save sent) whose value reads differently in `theirs` (the
 * values the form would be filled with from their save), labelled by `labels` or by their key.
 */
export function differencesOf(
  theirs: FieldValues,
  yours: FieldValues,
  labels: Readonly<Record<string, string>> = {},
): Difference[] {
  const read = (values: FieldValues, key: string) => (values as Record<string, unknown>)[key];
  return Object.keys(yours).flatMap((key) => {
    const a = displayValue(read(theirs, key));
    const b = displayValue(read(yours, key));
    return a === b ? [] : [{ field: labels[key] ?? fieldLabel(key), theirs: a, yours: b }];
  });
}

/** Their saved version: its revision and the form values it fills the form with. */
export interface Saved<Values> {
  revision: string;
  values: Values;
}

/**
 * The revision a screen's changes are based on: the one it loaded, until a change of its own
 * went through (`saved`); then the next revision it loads, which is that change's.
 */
function useBaseRevision(revision: string) {
  const state = useState({ revision, fresh: false });
  const [base, setBase] = state;
  if (base.fresh && revision !== base.revision) setBase({ revision, fresh: false });
  return state;
}

/**
 * The revision the changes of a screen without a conflict view are based on (see
 * {@link useEditConflict}); `saved` after each change of its own that went through.
 */
export function useBasedOn(revision: string) {
  const [base, setBase] = useBaseRevision(revision);
  return {
    basedOn: base.revision,
    saved: () => setBase((now) => ({ ...now, fresh: true })),
  };
}

/** A save that ran into someone else's: what they saved, and what this editor sent. */
export interface ConflictState<Sent, Filled> {
  conflict: EditConflict;
  mine: Sent;
  /** Their saved version, once fetched; null meanwhile, or if it could not be read. */
  theirs: Saved<Filled> | null;
  reading: boolean;
}

export interface EditConflictOptions<Sent, Filled, Result> {
  /** The revision of the item (or version) as the screen loaded it. */
  revision: string;
  /** Sends the form's values, based on `basedOn`; rejects with the conflict when someone saved since. */
  send: (values: Sent, basedOn: string) => Promise<Result>;
  /** Reads their saved version afresh, as the values the form is filled with. */
  latest: () => Promise<Saved<Filled>>;
  /** What the screen does after a save went through. */
  onSaved: (result: Result) => void;
  /**
   * Fills a form that keeps its values in its own state with their saved version (Take theirs);
   * a form remounted from `refill` needs none.
   */
  onTakeTheirs?: (values: Filled) => void;
}

/**
 * The saves of an edit form, each based on the revision the form was filled from. After a save
 * of its own went through, the next one is based on the revision the screen loads afresh (the
 * change refreshes the item), so two saves in a row never run into each other. A save refused
 * because someone saved in between keeps what was typed and fetches their version: `keepMine`
 * sends what was typed again, based on theirs; `takeTheirs` gives their values to fill the form
 * with (`refill`, with a key that changes to remount it), based on theirs from then on.
 */
export function useEditConflict<Sent, Filled, Result>({
  revision,
  send,
  latest,
  onSaved,
  onTakeTheirs,
}: EditConflictOptions<Sent, Filled, Result>) {
  const [base, setBase] = useBaseRevision(revision);
  const basedOn = base.revision;
  const [conflict, setConflict] = useState<ConflictState<Sent, Filled> | null>(null);
  const [refill, setRefill] = useState<{ key: number; values: Filled } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async (values: Sent, on: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const result = await send(values, on);
      setConflict(null);
      setBase((now) => ({ ...now, fresh: true }));
      onSaved(result);
    } catch (error) {
      const found = editConflictOf(error);
      if (!found) {
        setError(error);
        return;
      }
      setConflict({ conflict: found, mine: values, theirs: null, reading: true });
      const theirs = await latest().catch(() => null);
      setConflict((now) => (now?.conflict === found ? { ...now, theirs, reading: false } : now));
    } finally {
      setBusy(false);
    }
  };

  return {
    basedOn,
    conflict,
    refill,
    busy,
    /** The last save's failure other than a conflict (which `conflict` holds); null after a new save. */
    error,
    /** Saves the form's values, based on the revision it was filled from. */
    save: (values: Sent) => void save(values, basedOn),
    /**
     * Sends what was typed again, based on their saved version; or `values`, when the form
     * stayed open to change (a dialog's reason, say) since.
     */
    keepMine: (values?: Sent) => {
      if (!conflict) return;
      const on = conflict.theirs?.revision ?? conflict.conflict.revision;
      setBase({ revision: on, fresh: false });
      void save(values === undefined ? conflict.mine : values, on);
    },
    /** Fills the form with their saved version, and bases the next save on it. */
    takeTheirs: () => {
      const theirs = conflict?.theirs;
      if (!theirs) return;
      setBase({ revision: theirs.revision, fresh: false });
      setRefill((now) => ({ key: (now?.key ?? 0) + 1, values: theirs.values }));
      onTakeTheirs?.(theirs.values);
      setConflict(null);
    },
    /** Leaves the conflict without a choice (the dialog showing it closes). */
    dismiss: () => setConflict(null),
  };
}

/** A failed save's error, unless it is the conflict the conflict view shows. */
export const otherThanConflict = (error: unknown): unknown =>
  editConflictOf(error) ? null : error;

/** The words of a conflict view: what it says, its two choices and its table. */
export interface ConflictWording {
  /** What the two choices do. */
  hint: ReactNode;
  keep: string;
  take: string;
  /** The second choice needs their version (it fills the form with it), or not (Cancel). */
  takeNeedsTheirs: boolean;
  caption: string;
  theirs: string;
  yours: string;
  same: string;
}

/** An edit form's conflict: what was typed stays below, to keep or to swap for theirs. */
export const FORM_WORDING: ConflictWording = {
  hint: 'What you typed is kept in the form: Keep mine saves it over their version, Take theirs fills the form with theirs.',
  keep: 'Keep mine',
  take: 'Take theirs',
  takeNeedsTheirs: true,
  caption: 'Where their saved version differs from yours',
  theirs: 'Theirs',
  yours: 'Yours',
  same: 'Their saved version has the same values as yours.',
};

/**
 * A confirmed change (deprecate, delete, remove) that ran into someone's save: nothing was typed
 * to keep, so the table sets their version beside the one the page showed, and the choice is to
 * make the change on theirs (`action` anyway) or to leave it.
 */
export const confirmWording = (action: string, hint?: ReactNode): ConflictWording => ({
  hint:
    hint ??
    `${action} anyway does it to their version; Cancel leaves their version as they saved it.`,
  keep: `${action} anyway`,
  take: 'Cancel',
  takeNeedsTheirs: false,
  caption: 'What their save changed',
  theirs: 'Theirs',
  yours: 'When you opened it',
  same: 'Their saved version reads the same as the one you saw.',
});

/**
 * A save that ran into someone else's: the server's message (who saved and when), the fields
 * where their saved version differs from what was typed, and the choice between the two. What
 * was typed stays in the form below. `wording` changes the words (see {@link confirmWording}).
 */
export function EditConflictView({
  conflict,
  differences,
  busy = false,
  wording = FORM_WORDING,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: EditConflict;
  /** Field by field; null while their version is being read, 'unreadable' if it could not be. */
  differences: readonly Difference[] | null | 'unreadable';
  busy?: boolean;
  wording?: ConflictWording;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [conflict]);
  return (
    <Alert
      ref={ref}
      color="yellow"
      variant="light"
      title="Not saved: someone else saved meanwhile"
      role="alert"
      // The body is a flex item: without this, the table's least width would push the text out.
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="sm" mb="xs">
        {conflict.message}
      </Text>
      <Text size="sm" mb="sm">
        {wording.hint}
      </Text>
      {differences === null ? (
        <Group gap="xs" mb="sm" aria-busy="true">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Reading their saved version…</Text>
        </Group>
      ) : differences === 'unreadable' ? (
        <Text size="sm" mb="sm">
          Their saved version could not be read; open the page again to see it.
        </Text>
      ) : differences.length === 0 ? (
        <Text size="sm" mb="sm">
          {wording.same}
        </Text>
      ) : (
        // Three columns fit any width: each takes its share and long values wrap anywhere, so
        // on a phone both versions stay on screen side by side instead of scrolling away.
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={4}
          fz="sm"
          bg="white"
          captionSide="top"
          mb="sm"
        >
          <Table.Caption>{wording.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">{wording.theirs}</Table.Th>
              <Table.Th scope="col">{wording.yours}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {differences.map((d) => (
              <Table.Tr key={d.field} style={{ verticalAlign: 'top' }}>
                <Table.Th scope="row" fw={600}>
                  {d.field}
                </Table.Th>
                <Table.Td style={VALUE_STYLE}>{d.theirs}</Table.Td>
                <Table.Td style={VALUE_STYLE}>{d.yours}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="sm">
        <Button onClick={onKeepMine} loading={busy}>
          {wording.keep}
        </Button>
        <Button
          variant="default"
          onClick={onTakeTheirs}
          disabled={
            wording.takeNeedsTheirs &&
            (busy || differences === null || differences === 'unreadable')
          }
        >
          {wording.take}
        </Button>
      </Group>
    </Alert>
  );
}

/** The conflict view of a {@link useEditConflict} form, with its differences; nothing without one. */
export function ConflictOf<Sent, Filled>({
  edit,
  compare,
  wording,
  onKeepMine = () => edit.keepMine(),
  onTakeTheirs = edit.takeTheirs,
}: {
  edit: {
    conflict: ConflictState<Sent, Filled> | null;
    busy: boolean;
    keepMine: () => void;
    takeTheirs: () => void;
  };
  /** Their values against what was typed, field by field. */
  compare: (theirs: Filled, mine: Sent) => Difference[];
  wording?: ConflictWording;
  /** Instead of the hook's own choices: a form that sends its values as they are now, say. */
  onKeepMine?: () => void;
  onTakeTheirs?: () => void;
}) {
  const { conflict } = edit;
  if (!conflict) return null;
  return (
    <EditConflictView
      conflict={conflict.conflict}
      differences={
        conflict.reading
          ? null
          : conflict.theirs
            ? compare(conflict.theirs.values, conflict.mine)
            : 'unreadable'
      }
      busy={edit.busy}
      wording={wording}
      onKeepMine={onKeepMine}
      onTakeTheirs={onTakeTheirs}
    />
  );
}
