import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  it('shows the banner and the guideline heading', () => {
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'xAPI Profile Server' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'xAPI PROFILE GUIDELINES' }),
    ).toBeInTheDocument();
  });

  it('shows the four guideline steps in order', () => {
    renderWithProviders(<HomePage />);
    const list = screen.getByRole('list', { name: 'xAPI Profile guideline steps' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Define Use Cases',
      'Author and Reuse',
      'Prototype and Refine',
      'Publish and Share',
    ]);
  });

  it.each([
    ['Explore profiles', '/profiles'],
    ['View working groups', '/organization'],
    ['Create xAPI Profile', '/profiles/create'],
  ])('links "%s" to %s', (name, href) => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });
});
