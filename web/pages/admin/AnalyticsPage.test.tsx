import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterRanking, MostViewed } from '../../../common/metrics';
import { serve, type Call } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { AnalyticsPage } from './AnalyticsPage';

afterEach(() => vi.unstubAllGlobals());

/** Answers each ranking with figures that say which window was asked for. */
function serveRankings(): Call[] {
  return serve((call) => {
    const url = new URL(call.url, 'http://localhost');
    const days = Number(url.searchParams.get('days'));
    if (url.pathname === '/app/metrics/mostViewed')
      return [
        200,
        {
          success: true,
          days,
          metrics: [{ _id: 'p1', name: 'Viewed profile', y: days }],
        } satisfies MostViewed,
      ];
    const type = url.pathname.endsWith('mostExported') ? 'profileUIExport' : 'profileAPIRead';
    return [
      200,
      {
        success: true,
        days,
        metrics:
          days === 365
            ? [{ _id: { counterName: 'p2', counterType: type }, name: 'Yearly profile', y: 3 }]
            : [],
      } satisfies CounterRanking,
    ];
  });
}

const tableOf = (title: string, period: string) =>
  screen.findByRole('table', { name: `${title}, ${period}` });

describe('AnalyticsPage', () => {
  it('shows the three rankings of the last 30 days, and of the last 12 months when asked', async () => {
    const calls = serveRankings();
    renderWithProviders(<AnalyticsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    for (const title of ['Most Viewed', 'Most Exported', 'Most API Retrievals'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    const viewed = await tableOf('Most Viewed', 'last 30 days');
    expect(within(viewed).getByRole('row', { name: /Viewed profile/ })).toHaveTextContent('30');
    expect(await screen.findByText('No profile was exported in this period.')).toBeInTheDocument();
    expect(
      screen.getByText('No profile was read or written through the API in this period.'),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/app/metrics/mostAPIRetrievals?days=30',
      '/app/metrics/mostExported?days=30',
      '/app/metrics/mostViewed?days=30',
    ]);

    await userEvent.click(screen.getByRole('radio', { name: 'Last 12 months' }));
    const yearly = await tableOf('Most Viewed', 'last 12 months');
    await waitFor(() =>
      expect(within(yearly).getByRole('row', { name: /Viewed profile/ })).toHaveTextContent('365'),
    );
    const api = await tableOf('Most API Retrievals', 'last 12 months');
    expect(within(api).getByRole('row', { name: /Yearly profile/ })).toHaveTextContent('3');
    expect(calls.map((c) => c.url)).toContain('/app/metrics/mostAPIRetrievals?days=365');
  });
});
