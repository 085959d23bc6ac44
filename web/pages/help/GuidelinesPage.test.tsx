import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { GUIDELINE_STEPS } from '../../components/guideline-steps';
import { GuidelinesPage } from './GuidelinesPage';

const SECTIONS = [
  ['before-you-begin', 'Before You Begin'],
  ['getting-started', 'Getting Started'],
  ['authoring-profiles', 'Authoring Profiles'],
  ['publishing-profiles', 'Publishing Profiles'],
  ['updating-profiles', 'Updating Profiles'],
  ['external-resources', 'External Resources'],
] as const;

describe('GuidelinesPage', () => {
  it('shows the page title and the top anchor', () => {
    const { container } = renderWithProviders(<GuidelinesPage />, { route: '/help' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'xAPI Profile Guidelines' }),
    ).toBeInTheDocument();
    expect(container.querySelector('#resourcestop')).not.toBeNull();
  });

  it.each(SECTIONS)('has a section #%s headed "%s"', (id, title) => {
    const { container } = renderWithProviders(<GuidelinesPage />, { route: '/help' });
    const section = container.querySelector(`#${id}`);
    expect(section).not.toBeNull();
    const heading = within(section as HTMLElement).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent(title);
    expect(screen.getByRole('region', { name: title })).toBe(section);
  });

  it('lists quick links to every section, in order', () => {
    renderWithProviders(<GuidelinesPage />, { route: '/help' });
    const nav = screen.getByRole('navigation', { name: 'Quick links' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      SECTIONS.map(([id]) => `#${id}`),
    );
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS.map(([, title]) => title));
  });

  it('shows the four guideline steps inside Getting Started', () => {
    renderWithProviders(<GuidelinesPage />, { route: '/help' });
    const section = screen.getByRole('region', { name: 'Getting Started' });
    const list = within(section).getByRole('list', { name: 'xAPI Profile guideline steps' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(GUIDELINE_STEPS.map((step) => step.title));
    expect(titles).toHaveLength(4);
  });

  it('gives IRI and versioning advice with a worked example', () => {
    renderWithProviders(<GuidelinesPage />, { route: '/help' });
    const section = screen.getByRole('region', { name: 'Authoring Profiles' });
    expect(section).toHaveTextContent(
      'https://w3id.org/xapi/example-profile/verbs/completed-reading',
    );
    expect(
      within(section).getByRole('heading', { name: /MODEL\.REVISION\.ADDITION/ }),
    ).toBeInTheDocument();
    for (const part of ['MODEL', 'REVISION', 'ADDITION']) {
      expect(within(section).getByText(part, { selector: 'strong' })).toBeInTheDocument();
    }
  });

  it('links to the external resources and the FAQ', () => {
    renderWithProviders(<GuidelinesPage />, { route: '/help' });
    const section = screen.getByRole('region', { name: 'External Resources' });
    const hrefs = within(section)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'https://github.com/adlnet/xapi-profiles',
        'https://github.com/adlnet/xAPI-Spec',
        'https://w3id.org',
        '/FAQs',
      ]),
    );
    expect(section).toHaveTextContent(/help-desk link in the footer/);
  });
});
