import { describe, expect, it } from 'vitest';
import { chartLabel } from '../../../common/metric-windows';
import { daysOf, lastDays } from './window';

describe('metric windows: whole UTC days ending today', () => {
  it('makes 30 days today and the 29 days before it, whatever the hour', () => {
    for (const instant of ['2026-03-31T00:00:00.000Z', '2026-03-31T23:59:59.999Z']) {
      const window = lastDays(30, new Date(instant));
      expect(window).toEqual({ from: '2026-03-02', to: '2026-03-31', days: 30 });
      const days = daysOf(window);
      expect(days).toHaveLength(30);
      expect(days[0]).toBe('2026-03-02'); // the 30th day back is in
      expect(days).not.toContain('2026-03-01'); // the 31st is not
      expect(days.at(-1)).toBe('2026-03-31');
    }
  });

  it('makes 365 days across a leap day and a year end', () => {
    const window = lastDays(365, new Date('2028-12-31T12:00:00Z'));
    expect(window.from).toBe('2028-01-02');
    const days = daysOf(window);
    expect(days).toHaveLength(365);
    expect(days).toContain('2028-02-29');
    expect(new Set(days).size).toBe(365);
  });

  it('reads the day in UTC, not in the local time zone', () => {
    // 23:30 on 1 March in New York is already 2 March in UTC.
    expect(lastDays(1, new Date('2026-03-01T23:30:00-05:00'))).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
      days: 1,
    });
  });
});

describe('chart labels', () => {
  it('keeps a name of up to 15 characters as it is', () => {
    expect(chartLabel('Fifteen chars!!')).toBe('Fifteen chars!!');
    expect(chartLabel('Short')).toBe('Short');
  });

  it('cuts a longer name to 15 characters, the last an ellipsis', () => {
    const label = chartLabel('Sixteen chars!!!');
    expect([...label]).toHaveLength(15);
    expect(label).toBe('Sixteen chars!…');
    expect(chartLabel('A profile with a long name')).toBe('A profile with…');
  });

  it('counts characters, not UTF-16 units, so it never splits one', () => {
    const label = chartLabel('😀'.repeat(20));
    expect([...label]).toHaveLength(15);
    expect(label.startsWith('😀'.repeat(14))).toBe(true);
  });
});
