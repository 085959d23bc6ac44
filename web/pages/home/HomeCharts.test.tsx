import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterRanking, MostViewed } from '../../../common/metrics';
import { serve } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { HomeCharts } from './HomeCharts';

afterEach(() => vi.unstubAllGlobals());

const viewed: MostViewed = {
  success: true,
  days: 30,
  metrics: [{ _id: 'p1', name: 'SCORM Profile for xAPI', y: 12 }],
};
const exported: CounterRanking = {
  success: true,
  days: 30,
  metrics: [
    {
      _id: { counterName: 'p1', counterType: 'profileUIExport' },
      name: 'SCORM Profile for xAPI',
      y: 2,
    },
  ],
};

describe('HomeCharts', () => {
  it('shows the most viewed and most exported profiles of the last 30 days', async () => {
    const calls = serve((call) => [
      200,
      call.url.startsWith('/app/metrics/mostViewed') ? viewed : exported,
    ]);
    renderWithProviders(<HomeCharts />);
    const views = await screen.findByRole('table', { name: 'Most Viewed, last 30 days' });
    expect(within(views).getByRole('link', { name: 'SCORM Profile for xAPI' })).toHaveAttribute(
      'href',
      '/profile/p1',
    );
    expect(within(views).getAllByRole('row')[1]).toHaveTextContent('12');
    const exports = await screen.findByRole('table', { name: 'Most Exported, last 30 days' });
    expect(within(exports).getAllByRole('row')[1]).toHaveTextContent('SCORM Profile for xAPI202');
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/app/metrics/mostExported?days=30',
      '/app/metrics/mostViewed?days=30',
    ]);
  });

  it('says when nothing was viewed or exported yet', async () => {
    serve(() => [200, { success: true, days: 30, metrics: [] }]);
    renderWithProviders(<HomeCharts />);
    expect(
      await screen.findByText('No profile was viewed in the last 30 days.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('No profile was exported in the last 30 days.'),
    ).toBeInTheDocument();
  });
});
