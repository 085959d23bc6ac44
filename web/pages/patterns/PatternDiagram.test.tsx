import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ada,
  ok,
  PATTERN_2,
  PATTERN_ID,
  patternApi,
  patternList,
  patternRow,
  patternsApi,
  patternView,
  profile,
  PROFILE_IRI,
  renderApp,
  resetBetweenScreenTests,
  signedIn,
  stubServer,
  TEMPLATE_ID,
  V1,
  version,
  versionApi,
  versionPath,
  view,
} from '../../test/stubs/patterns';
import { templateList, templateRow, templatesApi } from '../../test/stubs/templates';

resetBetweenScreenTests();

const T = (name: string) => `${PROFILE_IRI}/templates/${name}`;
const WATCHING = `${PROFILE_IRI}/patterns/watching`;
const MIDDLE = `${PROFILE_IRI}/patterns/middle`;

/** The version's document: watching = sequence(started, zeroOrMore(alternates(played, paused)), ended). */
const document = {
  id: PROFILE_IRI,
  type: 'Profile',
  prefLabel: { en: 'Video Profile' },
  versions: [{ id: `${PROFILE_IRI}/v1` }],
  templates: ['started', 'played', 'paused', 'ended'].map((name) => ({
    id: T(name),
    type: 'StatementTemplate',
    prefLabel: { en: `${name[0]!.toUpperCase()}${name.slice(1)}` },
  })),
  patterns: [
    {
      id: WATCHING,
      type: 'Pattern',
      primary: true,
      prefLabel: { en: 'Watching' },
      sequence: [T('started'), MIDDLE, T('ended')],
    },
    {
      id: MIDDLE,
      type: 'Pattern',
      prefLabel: { en: 'Middle' },
      zeroOrMore: `${PROFILE_IRI}/patterns/choice`,
    },
    {
      id: `${PROFILE_IRI}/patterns/choice`,
      type: 'Pattern',
      prefLabel: { en: 'Choice' },
      alternates: [T('played'), T('paused')],
    },
  ],
};

function serve(extra = {}) {
  return stubServer(
    {
      [`GET ${versionApi(V1)}`]: ok(view(profile(), version())),
      [`GET ${patternApi()}`]: ok(patternView({ iri: WATCHING, name: 'Watching' })),
      [`GET ${versionApi(V1)}/document`]: ok(document),
      [`GET ${templatesApi(V1)}`]: ok(
        templateList([templateRow({ uuid: TEMPLATE_ID, iri: T('played'), name: 'Played' })]),
      ),
      [`GET ${patternsApi(V1)}`]: ok(
        patternList([patternRow({ uuid: PATTERN_2, iri: MIDDLE, name: 'Middle' })]),
      ),
      ...extra,
    },
    signedIn(ada),
  );
}

describe("a pattern's diagram on its page", () => {
  it('draws the whole structure, each box a link, with the nested list it draws', async () => {
    serve();
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    // The diagram's code arrives on its own the first time: give it longer than a screen.
    const diagram = await screen.findByRole(
      'group',
      { name: 'Diagram of the pattern Watching' },
      { timeout: 15_000 },
    );
    // A box per template, in drawing order; the nested pattern's title links to its page.
    const links = within(diagram).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Middle',
      'Choice',
      'Started',
      'Played',
      'Paused',
      'Ended',
    ]);
    // In this version where the version lists it; elsewhere the page its IRI resolves to.
    const played = within(diagram).getByRole('link', { name: 'Played' });
    expect(played).toHaveAttribute('href', versionPath(V1, `templates/${TEMPLATE_ID}`));
    const middle = within(diagram).getByRole('link', { name: 'Middle' });
    expect(middle).toHaveAttribute('href', versionPath(V1, `patterns/${PATTERN_2}`));
    const started = within(diagram).getByRole('link', { name: 'Started' });
    expect(started).toHaveAttribute('href', `/api/iri/${encodeURIComponent(T('started'))}`);
    // It scrolls sideways rather than being cut off, and the keyboard can reach it.
    const region = screen.getByRole('region', { name: 'Diagram of the pattern Watching' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.style.overflowX).toBe('auto');
    // Or it shrinks to the width on request, and back.
    const fit = screen.getByRole('button', { name: 'Fit to width' });
    const svg = diagram as unknown as SVGSVGElement;
    expect(svg.style.width).toBe('');
    await userEvent.click(fit);
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(svg.style.width).toBe('100%');
    await userEvent.click(fit);
    expect(svg.style.width).toBe('');
    // The text equivalent: the nested list.
    const list = screen.getByText('The diagram as a list').closest('details')!;
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent);
    expect(items).toEqual(['Watching', 'Started', 'Middle', 'Choice', 'Played', 'Paused', 'Ended']);
    expect(list).toHaveTextContent('Middle — zero or more times');
    expect(list).toHaveTextContent('Watching — primary pattern, in this order');
  });

  it('says when a pattern cannot be drawn', async () => {
    serve({ [`GET ${versionApi(V1)}/document`]: ok({ ...document, patterns: [] }) });
    renderApp(versionPath(V1, `patterns/${PATTERN_ID}`));
    expect(
      await screen.findByText(
        'This pattern cannot be drawn: it has no sequence, alternates, optional, oneOrMore or zeroOrMore yet.',
      ),
    ).toBeVisible();
  });
});
