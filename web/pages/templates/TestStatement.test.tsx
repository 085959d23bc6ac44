import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FOLLOWS_MESSAGE,
  STATEMENT_LABEL,
} from '../../components/statements/TemplateStatementTest';
import { serveTemplate } from './testing/screens';
import {
  CONCEPT_ID,
  conceptRef,
  editable,
  PROFILE_IRI,
  renderApp,
  templatePath,
} from '../../test/stubs/templates';

const PLAYED = `${PROFILE_IRI}/verbs/played`;

const statement = (result?: unknown) =>
  JSON.stringify(
    {
      actor: { mbox: 'mailto:ada@example.org', objectType: 'Agent' },
      verb: { id: PLAYED },
      object: { id: 'https://example.org/videos/1', objectType: 'Activity' },
      ...(result === undefined ? {} : { result }),
    },
    null,
    2,
  );

const template = () =>
  editable({
    statementExample: statement({ score: { raw: 5 } }),
    determiningProperties: [{ property: 'verb', concepts: [conceptRef('played', CONCEPT_ID)] }],
    rules: [
      { location: '$.verb.id', presence: 'included', any: [PLAYED] },
      { location: '$.result.score.raw', presence: 'included' },
    ],
    concepts: [conceptRef('played', CONCEPT_ID)],
  });

const section = () => screen.findByRole('region', { name: /^Test a Statement/ });
const ruleRows = async () =>
  within(within(await section()).getByRole('table', { name: 'Rule verdicts' }))
    .getAllByRole('row')
    .slice(1);
const type = (text: string) =>
  fireEvent.change(screen.getByLabelText(STATEMENT_LABEL), { target: { value: text } });

describe('testing a statement on a template page', () => {
  it('preloads the example statement and shows it passing every check', async () => {
    serveTemplate(template());
    renderApp(templatePath());
    const area = within(await section()).getByLabelText(STATEMENT_LABEL);
    expect(area).toHaveValue(statement({ score: { raw: 5 } }));
    expect(within(await section()).getByRole('status')).toHaveTextContent(FOLLOWS_MESSAGE);
    expect(within(await section()).getByText('Valid xAPI statement')).toBeVisible();
    expect(within(await section()).getByText('The determining properties match')).toBeVisible();
    const rows = await ruleRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('$.verb.id');
    expect(rows[0]).toHaveTextContent('Passed');
    expect(rows[1]).toHaveTextContent('$.result.score.raw');
    expect(rows[1]).toHaveTextContent('Passed');
    // A rule that passed shows what it found, as a failed one does.
    const found = (row: HTMLElement) => within(row).getAllByRole('cell')[2]!;
    expect(found(rows[0]!)).toHaveTextContent(JSON.stringify(PLAYED));
    expect(found(rows[1]!)).toHaveTextContent(/^5$/);
  });

  it('shows the rule a changed statement breaks, with its location', async () => {
    serveTemplate(template());
    renderApp(templatePath());
    await section();
    type(statement({ success: true }));
    expect(
      await within(await section()).findByText(
        'The statement does not follow this statement template.',
      ),
    ).toBeVisible();
    const rows = await ruleRows();
    expect(rows[0]).toHaveTextContent('Passed');
    expect(rows[1]).toHaveTextContent('$.result.score.raw');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('presence: included');
  });

  it('says which determining property does not match, leaving the rules unchecked', async () => {
    serveTemplate(template());
    renderApp(templatePath());
    await section();
    type(statement({ score: { raw: 5 } }).replace(PLAYED, 'https://example.org/verbs/paused'));
    expect(await within(await section()).findByText('Verb does not match')).toBeVisible();
    for (const row of await ruleRows()) expect(row).toHaveTextContent('Not checked');
  });

  it('shows where pasted JSON breaks, without checking it', async () => {
    serveTemplate(template());
    renderApp(templatePath());
    await section();
    type('{\n  "verb": {\n    "id": }\n}');
    expect(
      await within(await section()).findByText(
        'Line 3, position 11: unexpected "}", expected a value.',
      ),
    ).toBeVisible();
    expect(within(await section()).queryByRole('table', { name: 'Rule verdicts' })).toBeNull();
  });

  it('starts empty, and unchecked, when the template has no example', async () => {
    serveTemplate({ ...template(), template: { ...template().template, statementExample: '' } });
    renderApp(templatePath());
    const area = within(await section()).getByLabelText(STATEMENT_LABEL);
    expect(area).toHaveValue('');
    expect(within(await section()).getByRole('status')).toHaveTextContent(
      'Paste a statement to test it.',
    );
  });
});
