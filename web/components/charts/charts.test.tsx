import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterRanking, MostViewed, Usage } from '../../../common/metrics';
import { renderWithProviders } from '../../test/render';
import { toCsv } from './csv';
import { FullNameTooltip, RankingChart } from './RankingChart';
import { counterRows, EXPORT_SERIES, VIEW_SERIES, viewedRows } from './rows';
import { UsageChart } from './UsageChart';

const LONG = 'Video Learning Analytics Profile';
const viewed: MostViewed = {
  success: true,
  days: 30,
  metrics: [
    { _id: 'p1', name: LONG, y: 42 },
    { _id: 'p2', name: 'Short', y: 7 },
  ],
};
const exported: CounterRanking = {
  success: true,
  days: 30,
  metrics: [
    { _id: { counterName: 'p1', counterType: 'profileUIExport' }, name: LONG, y: 5 },
    { _id: { counterName: 'p1', counterType: 'profileAPIExport' }, name: LONG, y: 4 },
    { _id: { counterName: 'p2', counterType: 'profileAPIExport' }, name: 'Short', y: 6 },
  ],
};

/** What the last "Download CSV" handed to the browser. */
let downloaded: { name: string; text: Promise<string> } | null = null;
beforeEach(() => {
  downloaded = null;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloaded = { name: this.download, text: blobs.get(this.href)!.text() };
  });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.restoreAllMocks());

describe('RankingChart', () => {
  it('gives screen readers every profile with its full name and figure as a table', () => {
    renderWithProviders(
      <RankingChart
        title="Most Viewed"
        period="Last 30 days"
        size="normal"
        rows={viewedRows(viewed)}
        series={VIEW_SERIES}
        href={(id) => `/profile/${id}`}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Most Viewed' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Most Viewed, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([`${LONG}42`, 'Short7']);
    expect(within(table).getByRole('link', { name: LONG })).toHaveAttribute('href', '/profile/p1');
  });

  it('shows the table instead of the drawing when asked', async () => {
    const { container } = renderWithProviders(
      <RankingChart
        title="Most Viewed"
        period="Last 30 days"
        size="wide"
        rows={viewedRows(viewed)}
        series={VIEW_SERIES}
      />,
    );
    expect(
      container.querySelector('[aria-hidden="true"] .recharts-responsive-container'),
    ).not.toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Show as table' }));
    expect(container.querySelector('.recharts-responsive-container')).toBeNull();
    expect(screen.getByRole('table', { name: 'Most Viewed, last 30 days' })).toBeVisible();
  });

  it('folds the kinds of export of one profile into one row, with their total', async () => {
    renderWithProviders(
      <RankingChart
        title="Most Exported"
        period="Last 12 months"
        size="normal"
        rows={counterRows(exported)}
        series={EXPORT_SERIES}
      />,
    );
    const table = screen.getByRole('table', { name: 'Most Exported, last 12 months' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual([
      'Profile',
      'Exports from the site',
      'Exports through the API',
      'Total',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      [LONG, '5', '4', '9'],
      ['Short', '0', '6', '6'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: Most Exported' }));
    expect(downloaded?.name).toBe('most-exported-last-12-months.csv');
    expect(await downloaded?.text).toBe(
      'Profile,Exports from the site,Exports through the API,Total\r\n' +
        `${LONG},5,4,9\r\nShort,0,6,6\r\n`,
    );
  });

  it('names the bar under the pointer in full in its tooltip, with each figure', () => {
    renderWithProviders(
      <FullNameTooltip
        series={EXPORT_SERIES}
        payload={[
          { name: 'profileUIExport', value: 5, payload: { label: 'Video Learning…', name: LONG } },
          {
            name: 'profileAPIExport',
            value: 1234,
            payload: { label: 'Video Learning…', name: LONG },
          },
        ]}
      />,
    );
    expect(screen.getByText(LONG)).toBeInTheDocument();
    expect(screen.getByText('Exports from the site: 5')).toBeInTheDocument();
    expect(screen.getByText('Exports through the API: 1,234')).toBeInTheDocument();
  });

  it('says so when there is nothing to draw, and offers no download', () => {
    renderWithProviders(
      <RankingChart
        title="Most Viewed"
        period="Last 30 days"
        size="normal"
        rows={[]}
        series={VIEW_SERIES}
        emptyText="No profile was viewed in the last 30 days."
      />,
    );
    expect(screen.getByText('No profile was viewed in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Show as table' })).toBeNull();
  });
});

function usageOf(values: Record<number, number>): Usage {
  const metrics = Array.from({ length: 30 }, (_, i) => ({
    _id: new Date(Date.UTC(2026, 5, 1 + i)).toISOString().slice(0, 10),
    value: values[i] ?? 0,
  }));
  return { success: true, days: 30, total: metrics.reduce((s, m) => s + m.value, 0), metrics };
}

/** The line that says the totals, whose figures are set in bold. */
const summary = () =>
  screen.getByText(
    (_, element) =>
      element?.tagName === 'P' && /^[\d,]+ views? in the last 30 days/.test(element.textContent),
  );

describe('UsageChart', () => {
  it('shows the 30-day total and every day, zeros included, as a table', async () => {
    renderWithProviders(<UsageChart usage={usageOf({ 0: 2, 29: 5 })} exportTotal={3} />);
    expect(summary()).toHaveTextContent('7 views in the last 30 days · 3 exports');
    const table = screen.getByRole('table', { name: 'Usage, views in the last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('2026-06-012');
    expect(rows[1]).toHaveTextContent('2026-06-020');
    expect(rows[29]).toHaveTextContent('2026-06-305');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: Usage' }));
    const csv = await downloaded!.text;
    expect(csv.split('\r\n')[0]).toBe('Day,Views');
    expect(csv.split('\r\n')[30]).toBe('2026-06-30,5');
  });

  it('says so when nobody viewed the profile in 30 days', () => {
    renderWithProviders(<UsageChart usage={usageOf({})} exportTotal={0} />);
    expect(screen.getByText('No views in the last 30 days.')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('0 views in the last 30 days · 0 exports');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('CSV of a chart', () => {
  it('quotes what needs quoting and keeps spreadsheets from running a name as a formula', () => {
    expect(
      toCsv(
        ['Profile', 'Views'],
        [
          ['A, "quoted" name', 1],
          ['=HYPERLINK("x")', 2],
          ['-1', 3],
        ],
      ),
    ).toBe('Profile,Views\r\n"A, ""quoted"" name",1\r\n"\'=HYPERLINK(""x"")",2\r\n\'-1,3\r\n');
  });
});
