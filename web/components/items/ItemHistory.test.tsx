import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, ItemHistory as History } from '../../../common/history';
import { ada, ok, renderAlone, signedIn, stubServer } from '../../test/stubs/organization';
import { ItemHistory } from './ItemHistory';

afterEach(() => vi.unstubAllGlobals());

const ITEM =
  '/app/profile/11111111-1111-4111-8111-111111111111/version/33333333-3333-4333-8333-333333333333/concepts/66666666-6666-4666-8666-666666666661';
const FIRST = '88888888-8888-4888-8888-888888888801';
const TRANSLATED = '88888888-8888-4888-8888-888888888802';
const NOW = '88888888-8888-4888-8888-888888888803';

const entry = (revision: string, overrides: Partial<HistoryEntry>): HistoryEntry => ({
  revision,
  savedAt: '2025-03-01T10:00:00.000Z',
  savedBy: 'ada@example.org',
  version: { uuid: '33333333-3333-4333-8333-333333333333', version: 1, state: 'published' },
  name: 'skimmed',
  change: 'changed',
  restoredFrom: null,
  impact: null,
  fields: [],
  current: false,
  ...overrides,
});

const history = (unrestorable: string[]): History => ({
  success: true,
  canRestore: true,
  unrestorable,
  history: [
    entry(NOW, { current: true }),
    entry(TRANSLATED, {}),
    entry(FIRST, { change: 'created' }),
  ],
});

describe('the History of an item', () => {
  it('offers Restore only for revisions the server would take, and says why not for the others', async () => {
    stubServer({ [`GET ${ITEM}/history`]: ok(history([FIRST])) }, signedIn(ada));
    renderAlone(<ItemHistory itemUrl={ITEM} revision={NOW} onRestored={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));
    await screen.findByRole('button', { name: 'Open revision 3' });
    const section = screen.getByRole('region', { name: 'History' });
    expect(within(section).getByRole('button', { name: 'Restore revision 2' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Restore revision 1' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Restore revision 3' })).toBeNull();
    expect(
      within(section).getByText(
        'Cannot be restored: it differs in what the published version fixes.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Restore for every earlier revision when none differs in what is fixed', async () => {
    stubServer({ [`GET ${ITEM}/history`]: ok(history([])) }, signedIn(ada));
    renderAlone(<ItemHistory itemUrl={ITEM} revision={NOW} onRestored={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByRole('button', { name: 'Restore revision 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Restore revision 2' })).toBeEnabled();
    expect(screen.queryByText(/Cannot be restored/)).toBeNull();
  });
});
