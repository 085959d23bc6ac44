/**
 * Statement validation on the published profiles of the authored corpus (read in place, never
 * copied). No corpus profile ships example statements today; files of statements placed beside a
 * profile (any JSON file that is not a profile) would be checked too. So that every template is
 * exercised, each template also gets the smallest statement its determining properties describe,
 * validated against all templates of its profile. What fails is recorded in a committed snapshot,
 * so a change in behaviour shows up as a diff; docs/decisions/statement-validation.md explains the
 * failures.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { parse } from '../model/parse.js';
import type { StatementTemplate } from '../model/types.js';
import { isUnrecognized } from '../model/types.js';
import { compileProfile } from './compile.js';
import { uuid } from './fixtures.js';
import { followsPatterns } from './follow-patterns.js';
import type { StatementValidation } from './types.js';
import { validateStatement } from './validate-statement.js';
import { authoredDir } from '../fixtures/corpus.js';

const authored = process.env.XAPI_CORPUS ?? authoredDir;
const present = existsSync(authored);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return /\.json(ld)?$/.test(name) ? [full] : [];
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isProfile = (v: unknown) =>
  typeof v === 'object' && v !== null && (v as JsonObject).type === 'Profile';

/** Statements in a non-profile JSON file: one statement, an array, or an LRS result. */
function statementsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return [];
  const v = value as JsonObject;
  if (Array.isArray(v.statements)) return v.statements;
  return 'verb' in v && 'actor' in v ? [v] : [];
}

const activity = (n: number, type: string) => ({
  id: `https://example.org/corpus/activities/${n}`,
  definition: { type },
});

/** The smallest statement that satisfies a template's determining and StatementRef properties. */
function derivedStatement(t: StatementTemplate, version: string, n: number): JsonObject {
  let k = 0;
  const list = (types: string[] | undefined) => (types ?? []).map((type) => activity(++k, type));
  const object: JsonObject = t.objectStatementRefTemplate
    ? { objectType: 'StatementRef', id: uuid(0xfff000 + n) }
    : {
        objectType: 'Activity',
        id: 'https://example.org/corpus/activities/object',
        ...(t.objectActivityType ? { definition: { type: t.objectActivityType } } : {}),
      };
  return {
    id: uuid(n),
    actor: { objectType: 'Agent', mbox: 'mailto:learner@example.org' },
    verb: { id: t.verb ?? 'https://example.org/corpus/verbs/any' },
    object,
    timestamp: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
    context: {
      registration: uuid(0xeee000),
      contextActivities: {
        parent: list(t.contextParentActivityType),
        grouping: list(t.contextGroupingActivityType),
        other: list(t.contextOtherActivityType),
        category: [{ id: version }, ...list(t.contextCategoryActivityType)],
      },
      ...(t.contextStatementRefTemplate
        ? { statement: { objectType: 'StatementRef', id: uuid(0xfff800 + n) } }
        : {}),
    },
    ...(t.attachmentUsageType
      ? {
          attachments: t.attachmentUsageType.map((usageType) => ({
            usageType,
            display: { en: 'attachment' },
            contentType: 'application/octet-stream',
            length: 1,
            sha2: '00',
          })),
        }
      : {}),
  };
}

/** "success", or the failed templates with the failing rules' reasons, compactly. */
function summarize(v: StatementValidation): string | string[] {
  if (v.outcome === 'success' || v.outcome === 'unmatched') return v.outcome;
  if (v.outcome === 'not-a-statement')
    return v.statementProblems.map((p) => `${p.path} ${p.message}`);
  return v.templates
    .filter((t) => t.applies && !t.passed)
    .flatMap((t) => [
      ...t.statementRefs
        .filter((r) => r.status === 'failed')
        .map((r) => `${t.templateId} ${r.property}`),
      ...t.failedRules.map(
        (r) =>
          `${t.templateId} rule ${r.ruleIndex + 1} ${r.location}: ${r.failures.map((f) => f.reason).join(', ')}`,
      ),
    ]);
}

describe.skipIf(!present)('statement validation on the authored corpus', () => {
  const files = present ? jsonFiles(authored).sort() : [];
  const profiles = files.filter((f) => isProfile(readJson(f)));
  const exampleFiles = files.filter(
    (f) => !profiles.includes(f) && statementsIn(readJson(f)).length > 0,
  );

  it('checks every profile with templates without throwing, and records what fails', async () => {
    const results: Record<string, unknown> = {};
    for (const file of profiles) {
      const { model } = parse(readFileSync(file, 'utf8'));
      const templates = (model?.templates ?? []).filter(
        (t): t is StatementTemplate => !isUnrecognized(t) && t.id !== undefined,
      );
      if (!model || templates.length === 0) continue;
      const compiled = compileProfile(model);
      const version = compiled.versionIds[0] ?? 'https://example.org/corpus/no-version';
      const derived = templates.map((t, i) => derivedStatement(t, version, i + 1));
      const byTemplate: Record<string, string | string[]> = {};
      derived.forEach((statement, i) => {
        const result = validateStatement(statement, compiled);
        // Built from the template's own determining properties, so that template must apply
        // (unless those properties are not IRIs, which makes the statement itself invalid).
        if (result.outcome !== 'not-a-statement') expect(result.templates[i]!.applies).toBe(true);
        byTemplate[templates[i]!.id!] = summarize(result);
      });
      const examples = exampleFiles
        .filter((f) => dirname(f).startsWith(dirname(file)))
        .flatMap((f) =>
          statementsIn(readJson(f)).map((s, i) => [`${relative(authored, f)}#${i}`, s] as const),
        );
      const exampleResults = Object.fromEntries(
        examples.map(([where, s]) => [where, summarize(validateStatement(s, compiled))]),
      );
      const patterns = followsPatterns(derived, compiled);
      results[relative(authored, file)] = {
        templates: templates.length,
        compileProblems: compiled.problems.map((p) => `${p.id}: ${p.message}`),
        exampleStatements: exampleResults,
        derivedStatements: byTemplate,
        primaryPatterns: compiled.primaryPatterns.length,
        derivedStreamFollowsAPattern: patterns.followed,
      };
    }
    expect(Object.keys(results).length).toBeGreaterThan(5);
    await expect(JSON.stringify(results, null, 2) + '\n').toMatchFileSnapshot(
      '__snapshots__/corpus-statements.json',
    );
  });
});
