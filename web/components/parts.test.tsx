import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './parts';

describe('ConfirmDialog', () => {
  it('leaves the page one banner while it is open: its title bar is no landmark', async () => {
    renderWithProviders(
      <>
        <header>The site’s header</header>
        <ConfirmDialog
          opened
          title="Remove Value?"
          confirmLabel="Remove value"
          onConfirm={() => {}}
          onClose={() => {}}
        >
          The value goes.
        </ConfirmDialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Value?' });
    expect(dialog).toHaveTextContent('The value goes.');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('banner')).toHaveTextContent('The site’s header');
  });
});
