import { describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { TemplateChange } from '../../../common/templates';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile } from '../../test/authoring';

interface Refusal {
  success: false;
  code: string;
  findings?: { ruleId: string; severity: string; path: string; message: string }[];
}

describe('publishing: a template’s example statement follows the template', () => {
  const t = useTestApp();

  it('refuses publication while the example breaks a rule, and publishes once it is fixed', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const versionUrl = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const verb = await calls.post(`${versionUrl}/concepts`, {
      conceptType: 'Verb',
      name: 'scored',
      description: 'Scored.',
      iriType: 'generated-iri',
      geniri: 'scored',
    });
    expect(verb.statusCode, verb.body).toBe(200);
    const made = await calls.post(`${versionUrl}/templates`, {
      name: 'scored',
      description: 'Someone scored.',
      iriType: 'generated-iri',
      geniri: 'scored',
    });
    expect(made.statusCode, made.body).toBe(200);
    const template = made.json<TemplateChange>().template;
    const url = `${versionUrl}/templates/${template.uuid}`;
    expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
    const verbIri = `${view.profile.iri}/verbs/scored`;
    const verbSet = await calls.put(`${url}/determining-properties/verb`, {
      conceptIds: [verb.json<ConceptChange>().concept.uuid],
    });
    expect(verbSet.statusCode, verbSet.body).toBe(200);
    const rule = await calls.post(`${url}/rules`, {
      rule: { location: '$.result.score.raw', presence: 'included' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const example = (result: Record<string, unknown>) => ({
      statementExample: JSON.stringify({
        actor: { mbox: 'mailto:player@example.org' },
        verb: { id: verbIri },
        object: { id: 'https://example.org/games/1' },
        result,
      }),
    });
    expect((await calls.put(`${url}/example`, example({ success: true }))).statusCode).toBe(200);
    await calls.delete(`${url}/lock`);

    const publish = () => calls.post(`${versionUrl}/publish`, { confirmed: true });
    const refused = await publish();
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json<Refusal>();
    expect(body.code).toBe('VALIDATION_FAILED');
    const finding = body.findings?.find((f) => f.ruleId === 'S-EXAMPLE');
    expect(finding).toMatchObject({ severity: 'error', path: '/templates/0' });
    expect(finding?.message).toContain(`${view.profile.iri}/templates/scored`);
    expect(finding?.message).toContain('Rule 1 at $.result.score.raw');

    expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
    const fixed = await calls.put(`${url}/example`, example({ score: { raw: 3 } }));
    expect(fixed.statusCode, fixed.body).toBe(200);
    await calls.delete(`${url}/lock`);
    const published = await publish();
    expect(published.statusCode, published.body).toBe(200);
  });
});
