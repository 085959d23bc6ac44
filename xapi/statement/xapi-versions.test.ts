import { describe, expect, it } from 'vitest';
import { checkStatement, xapiVersionOf } from './statement-check.js';

const base = {
  id: '6690e6c9-3ef0-4ed3-8b37-7f3964730bee',
  actor: { mbox: 'mailto:ada@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/attended' },
  object: { id: 'http://example.org/meetings/1' },
  timestamp: '2026-03-01T10:00:00Z',
};
const v2 = { ...base, version: '2.0.0' };

const paths = (statement: unknown, options = {}) =>
  checkStatement(statement, options).map((p) => p.path);
const messages = (statement: unknown, options = {}) =>
  checkStatement(statement, options).map((p) => p.message);

const contextAgent = {
  objectType: 'contextAgent',
  agent: { mbox: 'mailto:coach@example.org' },
  relevantTypes: ['http://example.org/roles/coach'],
};
const contextGroup = {
  objectType: 'contextGroup',
  group: { objectType: 'Group', name: 'Team A', member: [{ mbox: 'mailto:bo@example.org' }] },
};

describe('which xAPI version a statement is checked as', () => {
  it('follows the statement’s version, 1.0.3 by default, unless one is asked for', () => {
    expect(xapiVersionOf(base)).toBe('1.0.3');
    expect(xapiVersionOf({ ...base, version: '1.0.3' })).toBe('1.0.3');
    expect(xapiVersionOf(v2)).toBe('2.0.0');
    expect(xapiVersionOf({ ...base, version: '2.0' })).toBe('2.0.0');
    expect(xapiVersionOf(base, '2.0.0')).toBe('2.0.0');
    expect(xapiVersionOf(v2, '1.0.3')).toBe('1.0.3');
  });

  it('refuses a version the statement names that the check does not agree with', () => {
    expect(paths(v2)).toEqual([]);
    expect(paths({ ...base, version: '1.0.3' })).toEqual([]);
    expect(messages(v2, { xapiVersion: '1.0.3' })).toEqual([
      '"version" must start with 1.0 for a statement checked as xAPI 1.0.3, not the string "2.0.0".',
    ]);
    expect(messages({ ...base, version: '1.0.3' }, { xapiVersion: '2.0.0' })).toEqual([
      '"version" must be 2.0.0 (or another 2.0.x) for a statement checked as xAPI 2.0, not the string "1.0.3".',
    ]);
    expect(paths({ ...base, version: 3 })).toEqual(['/version']);
  });
});

describe('xAPI 2.0 timestamps', () => {
  it('need a time zone in 2.0, which 1.0.3 only recommends', () => {
    const local = { timestamp: '2026-03-01T10:00:00', stored: '2026-03-01T10:00:01.5' };
    expect(paths({ ...base, ...local })).toEqual([]);
    expect(paths({ ...v2, ...local })).toEqual(['/timestamp', '/stored']);
    expect(messages({ ...v2, timestamp: local.timestamp })[0]).toMatch(
      /must name its time zone in xAPI 2.0/,
    );
    for (const zoned of [
      '2026-03-01T10:00:00Z',
      '2026-03-01T10:00:00+02:00',
      '2026-03-01T10:00:00-0500',
    ])
      expect(paths({ ...v2, timestamp: zoned })).toEqual([]);
  });
});

describe('xAPI 2.0 context agents and groups', () => {
  it('accepts well-formed contextAgents and contextGroups in 2.0', () => {
    expect(
      paths({ ...v2, context: { contextAgents: [contextAgent], contextGroups: [contextGroup] } }),
    ).toEqual([]);
    // relevantTypes is optional.
    const { relevantTypes: _, ...plain } = contextAgent;
    expect(paths({ ...v2, context: { contextAgents: [plain] } })).toEqual([]);
  });

  it('refuses them in a statement checked as 1.0.3, saying they are 2.0', () => {
    const statement = {
      ...base,
      context: { contextAgents: [contextAgent], contextGroups: [contextGroup] },
    };
    expect(paths(statement)).toEqual(['/context/contextAgents', '/context/contextGroups']);
    expect(messages(statement)[0]).toMatch(/is xAPI 2.0; this statement is checked as xAPI 1.0.3/);
  });

  it('names each part that is wrong', () => {
    const check = (context: unknown) => paths({ ...v2, context });
    expect(check({ contextAgents: contextAgent })).toEqual(['/context/contextAgents']);
    expect(check({ contextAgents: ['x'] })).toEqual(['/context/contextAgents/0']);
    expect(check({ contextAgents: [{ ...contextAgent, objectType: 'Agent' }] })).toEqual([
      '/context/contextAgents/0/objectType',
    ]);
    expect(check({ contextAgents: [{ objectType: 'contextAgent' }] })).toEqual([
      '/context/contextAgents/0/agent',
    ]);
    expect(check({ contextAgents: [{ ...contextAgent, agent: contextGroup.group }] })).toEqual([
      '/context/contextAgents/0/agent',
    ]);
    expect(check({ contextAgents: [{ ...contextAgent, agent: { objectType: 'Agent' } }] })).toEqual(
      ['/context/contextAgents/0/agent'],
    );
    expect(check({ contextAgents: [{ ...contextAgent, relevantTypes: [] }] })).toEqual([
      '/context/contextAgents/0/relevantTypes',
    ]);
    expect(check({ contextAgents: [{ ...contextAgent, relevantTypes: ['not an iri'] }] })).toEqual([
      '/context/contextAgents/0/relevantTypes/0',
    ]);
    expect(check({ contextGroups: [{ ...contextGroup, group: contextAgent.agent }] })).toEqual([
      '/context/contextGroups/0/group',
    ]);
    expect(check({ contextGroups: [{ ...contextGroup, objectType: 'contextAgent' }] })).toEqual([
      '/context/contextGroups/0/objectType',
    ]);
  });
});
