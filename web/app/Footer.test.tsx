import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../../common/site';
import { FaqPage } from '../pages/help/FaqPage';
import { serve } from '../test/api';
import { renderWithProviders } from '../test/render';
import { Footer } from './Footer';
import { HELP_PAGE_LABEL, HELPDESK_LABEL } from '../lib/help';

afterEach(() => vi.unstubAllGlobals());

const defaults: SiteConfig = {
  organizationName: 'xAPI Profile Server',
  supportPhone: null,
  helpdeskUrl: null,
  publicUrl: 'http://localhost:3000',
  webhookRetryDelaysMs: [60_000],
};

function site(config: Partial<SiteConfig>) {
  serve(() => [200, { ...defaults, ...config }]);
}

describe('the footer', () => {
  it('shows the organisation heading and a help link to the site’s own help page by default, and no phone line', async () => {
    site({});
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo', { name: 'Site footer' });
    expect(
      await within(footer).findByRole('heading', { name: 'xAPI Profile Server' }),
    ).toBeVisible();
    expect(within(footer).getByRole('link', { name: HELP_PAGE_LABEL })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(within(footer).queryByText(/Phone/)).toBeNull();
    expect(within(footer).queryByRole('link', { name: HELPDESK_LABEL })).toBeNull();
  });

  it('shows the configured help desk and phone', async () => {
    site({
      organizationName: 'ADL',
      supportPhone: '+1 555 0100',
      helpdeskUrl: 'https://help.example.org/new',
    });
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo', { name: 'Site footer' });
    expect(await within(footer).findByRole('link', { name: HELPDESK_LABEL })).toHaveAttribute(
      'href',
      'https://help.example.org/new',
    );
    expect(within(footer).getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(within(footer).getByRole('heading', { name: 'ADL' })).toBeVisible();
  });

  it('has the FAQ name the footer link the site actually shows', async () => {
    site({});
    const { unmount } = renderWithProviders(<FaqPage />, { route: '/FAQs' });
    expect(await screen.findByText(new RegExp(`"${HELP_PAGE_LABEL}" at the bottom`))).toBeVisible();
    unmount();
    site({ helpdeskUrl: 'https://help.example.org/new' });
    renderWithProviders(<FaqPage />, { route: '/FAQs' });
    expect(await screen.findByText(new RegExp(`"${HELPDESK_LABEL}" at the bottom`))).toBeVisible();
  });
});
