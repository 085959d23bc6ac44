import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TranslationsTable } from './fields';

describe('TranslationsTable', () => {
  it('keeps every column in view on a narrow screen: the description wraps, nothing scrolls away', () => {
    const description = 'Une description assez longue pour dépasser un téléphone. '.repeat(4);
    renderWithProviders(
      <TranslationsTable
        item={{
          translations: [
            { language: 'fr', translationName: 'Lecture', translationDesc: description },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Translations' });
    expect(within(table).getByRole('columnheader', { name: 'Description' })).toBeVisible();
    expect(within(table).getByText(description.trim())).toBeVisible();
    // No box that scrolls sideways (where the description went past the edge of a phone), and
    // no least width: the columns share the width there is and long words break.
    expect(table.closest('[class*="ScrollArea"], [class*="scrollContainer"]')).toBeNull();
    expect(within(table).getAllByRole('cell').at(-1)!.style.overflowWrap).toBe('anywhere');
  });
});
