import { within } from '@testing-library/react';
import type { EditConflict } from '../../common/revisions';

/** The server's 409 when Bob Builder saved `what` (e.g. 'this concept') after it was opened. */
export function bobSavedFirst(what: string, revision = 'rev-2.b'): EditConflict {
  return {
    success: false,
    code: 'EDIT_CONFLICT',
    message: `Bob Builder saved ${what} at 14:02 UTC, after you opened it.`,
    savedBy: 'Bob Builder',
    savedAt: '2026-01-01T14:02:00.000Z',
    revision,
  };
}

/** Theirs and yours, as the conflict view's row for `field` shows them. */
export async function differenceRow(alert: HTMLElement, field: RegExp): Promise<string[]> {
  const row = within(await within(alert).findByRole('table')).getByRole('row', { name: field });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}
