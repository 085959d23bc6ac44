import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

describe('the theme', () => {
  it('lets the keyboard reach a table that scrolls sideways, in its one scrolling box', () => {
    renderWithProviders(
      <Table.ScrollContainer minWidth={820} data-testid="scroller">
        <Table aria-label="Keys">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>A key with no link or button in its row</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>,
    );
    const scroller = screen.getByTestId('scroller');
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(screen.getByRole('table', { name: 'Keys' }));
    // The browser's own scrolling: no second, inner box that scrolls instead of the focused one.
    expect(scroller.querySelectorAll('[tabindex]')).toHaveLength(0);
  });
});
