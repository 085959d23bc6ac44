import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { serve } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { FAQ_ENTRIES } from './faq-entries';
import { FaqPage } from './FaqPage';

beforeEach(() =>
  serve(() => [
    200,
    {
      organizationName: 'xAPI Profile Server',
      supportPhone: null,
      helpdeskUrl: null,
      publicUrl: 'http://localhost:3000',
    },
  ]),
);
afterEach(() => vi.unstubAllGlobals());

describe('FaqPage', () => {
  it('shows a question button for every entry', () => {
    renderWithProviders(<FaqPage />, { route: '/FAQs' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Frequently Asked Questions',
    );
    for (const entry of FAQ_ENTRIES) {
      expect(screen.getByRole('button', { name: entry.question })).toBeInTheDocument();
    }
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(9);
  });

  it.each([
    /delete a concept/i,
    /what is an IRI/i,
    /verb .* already exists/i,
    /need a working group/i,
    /statement templates and patterns/i,
    /reference concepts, templates or patterns .* draft/i,
  ])('covers the topic %s', (question) => {
    renderWithProviders(<FaqPage />, { route: '/FAQs' });
    expect(screen.getByRole('button', { name: question })).toBeInTheDocument();
  });

  it('reveals the answer when a question is expanded', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { route: '/FAQs' });
    const question = screen.getByRole('button', { name: /delete a concept/i });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText(/Once a concept has been published it cannot be deleted/),
    ).not.toBeVisible();

    await user.click(question);

    expect(question).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => {
      expect(
        screen.getByText(/Once a concept has been published it cannot be deleted/),
      ).toBeVisible();
    });
    expect(screen.getByText(/deprecate it/)).toBeVisible();
  });
});
