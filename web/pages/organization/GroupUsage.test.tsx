import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupUsage as GroupUsageAnswer } from '../../../common/metrics';
import { serve } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { GroupUsage } from './GroupUsage';

afterEach(() => vi.unstubAllGlobals());

describe('GroupUsage', () => {
  it('totals the views and exports of the group’s published profiles, each listed', async () => {
    const answer: GroupUsageAnswer = {
      success: true,
      days: 30,
      views: 1234,
      exports: 1,
      profiles: [
        { uuid: 'p1', name: 'Alpha', views: 1200, exports: 1 },
        { uuid: 'p2', name: 'Beta', views: 34, exports: 0 },
      ],
    };
    const calls = serve(() => [200, answer]);
    renderWithProviders(<GroupUsage organizationId="g1" />);
    const table = await screen.findByRole('table', {
      name: 'Usage of each published profile, last 30 days',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Alpha1,2001', 'Beta340']);
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === '1,234 views · 1 export',
      ),
    ).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/app/metrics/org/g1');
  });

  it('says when the group has no published profile', async () => {
    serve(() => [200, { success: true, days: 30, views: 0, exports: 0, profiles: [] }]);
    renderWithProviders(<GroupUsage organizationId="g1" />);
    expect(
      await screen.findByText('This working group has no published profile yet.'),
    ).toBeInTheDocument();
  });
});
