import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EditConflictError } from '../api/organizations';
import { renderWithProviders } from '../test/render';
import {
  ConflictOf,
  confirmWording,
  differencesOf,
  displayValue,
  EditConflictView,
  useEditConflict,
  type Saved,
} from './EditConflict';
import { bobSavedFirst } from '../test/edit-conflict';

const conflict = bobSavedFirst('this pattern', 'rev-2');

describe('differences between their saved version and what was typed', () => {
  it('lists the fields that read differently, labelled, with values as people read them', () => {
    expect(
      differencesOf(
        { name: 'Theirs', tags: ['a', 'b'], moreInformation: '', primary: true },
        { name: 'Mine', tags: ['a', 'b'], moreInformation: 'https://example.org', primary: true },
        { name: 'Pattern name' },
      ),
    ).toEqual([
      { field: 'Pattern name', theirs: 'Theirs', yours: 'Mine' },
      { field: 'More information', theirs: '(empty)', yours: 'https://example.org' },
    ]);
    expect(displayValue([{ language: 'fr', translationName: 'Lu', translationDesc: '' }])).toBe(
      'fr · Lu',
    );
    expect(displayValue([])).toBe('(empty)');
  });
});

describe('EditConflictView', () => {
  it("shows the server's message and the differences as an alert, with both choices", async () => {
    const keep = vi.fn();
    const take = vi.fn();
    renderWithProviders(
      <EditConflictView
        conflict={conflict}
        differences={[{ field: 'Name', theirs: 'Theirs', yours: 'Mine' }]}
        onKeepMine={keep}
        onTakeTheirs={take}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(conflict.message);
    const row = within(alert).getByRole('row', { name: /^Name/ });
    expect(within(row).getByText('Theirs')).toBeVisible();
    expect(within(row).getByText('Mine')).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Take theirs' }));
    expect(keep).toHaveBeenCalledOnce();
    expect(take).toHaveBeenCalledOnce();
  });

  it('keeps both versions in view on a narrow screen: values wrap, nothing scrolls away', () => {
    renderWithProviders(
      <EditConflictView
        conflict={conflict}
        differences={[
          { field: 'More information', theirs: 'https://example.org/'.repeat(6), yours: 'Mine' },
        ]}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
      />,
    );
    const table = within(screen.getByRole('alert')).getByRole('table', {
      name: 'Where their saved version differs from yours',
    });
    expect(within(table).getByRole('columnheader', { name: 'Yours' })).toBeVisible();
    // No box that scrolls sideways (which hid Yours past the edge of a phone), and no least
    // width: the columns share the width there is and a long value breaks anywhere.
    expect(table.closest('[class*="ScrollArea"], [class*="scrollContainer"]')).toBeNull();
    expect(within(table).getAllByRole('cell').at(-1)!.style.overflowWrap).toBe('anywhere');
  });

  it('waits for their version before offering to take it', () => {
    renderWithProviders(
      <EditConflictView
        conflict={conflict}
        differences={null}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
      />,
    );
    expect(screen.getByText('Reading their saved version…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take theirs' })).toBeDisabled();
  });

  it('words a confirmed change: do it anyway, or cancel even while their version is read', () => {
    renderWithProviders(
      <EditConflictView
        conflict={conflict}
        differences={null}
        wording={confirmWording('Delete')}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete anyway' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});

describe('useEditConflict', () => {
  type Values = { name: string };

  /** A one-field form whose saves go to `send`; their saved version is `latest`. */
  function Form({
    send,
    latest,
  }: {
    send: (values: Values, basedOn: string) => Promise<string>;
    latest: () => Promise<Saved<Values>>;
  }) {
    const [saved, setSaved] = useState<string | null>(null);
    const edit = useEditConflict({ revision: 'rev-1', send, latest, onSaved: setSaved });
    return (
      <>
        <ConflictOf edit={edit} compare={(theirs, mine) => differencesOf(theirs, mine)} />
        <FormFields
          key={edit.refill?.key}
          initial={edit.refill?.values ?? { name: 'Start' }}
          onSave={edit.save}
        />
        {saved && <p>Saved {saved}</p>}
      </>
    );
  }
  function FormFields({ initial, onSave }: { initial: Values; onSave: (v: Values) => void }) {
    const [name, setName] = useState(initial.name);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ name });
        }}
      >
        <input aria-label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <button type="submit">Save</button>
      </form>
    );
  }

  /** A server where someone saved 'Theirs' (rev-2) after the form loaded rev-1. */
  function server() {
    let revision = 'rev-2';
    const send = vi.fn(async (_values: Values, basedOn: string) => {
      if (basedOn !== revision) throw new EditConflictError(conflict);
      revision = `${revision}+`;
      return 'ok';
    });
    const latest = vi.fn(async () => ({ revision: 'rev-2', values: { name: 'Theirs' } }));
    return { send, latest };
  }

  async function typeAndSave() {
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    return within(await screen.findByRole('alert')).findByRole('row', { name: /^Name/ });
  }

  it('Keep mine sends what was typed again, based on their revision', async () => {
    const { send, latest } = server();
    renderWithProviders(<Form send={send} latest={latest} />);
    const row = await typeAndSave();
    expect(row).toHaveTextContent('Theirs');
    expect(row).toHaveTextContent('Mine');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Saved ok')).toBeVisible();
    expect(send.mock.calls.map(([values, basedOn]) => [values.name, basedOn])).toEqual([
      ['Mine', 'rev-1'],
      ['Mine', 'rev-2'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Take theirs fills the form with their values and bases the next save on them', async () => {
    const { send, latest } = server();
    renderWithProviders(<Form send={send} latest={latest} />);
    await typeAndSave();
    await userEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Theirs');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved ok')).toBeVisible();
    expect(send.mock.calls.at(-1)).toEqual([{ name: 'Theirs' }, 'rev-2']);
  });
});
