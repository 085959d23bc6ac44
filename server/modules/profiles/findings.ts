import type { VersionFinding } from '../../../common/harvest';
import { sortFindings, type Finding, type JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { knownItemsFor, LISTS, listOf } from '../item-store/known-items';
import { listVersionItems } from '../item-store/repo';
import { checkDocument, normalizeDocument } from './document';
import { exampleFindings } from './example-gate';
import type { VersionTarget } from './lifecycle/target';
import { versionDocument } from './publishing';

const KINDS: Record<string, ItemRow['kind']> = {
  concepts: 'concept',
  templates: 'template',
  patterns: 'pattern',
};

/**
 * The findings of a version's assembled document, each with the item it falls in. A draft is
 * checked as the site's publish checks it (authoring rules and the examples of its templates),
 * so a draft without errors here can be published; a published version under the import rules
 * it was accepted with.
 */
export async function versionFindings(
  db: Db,
  target: VersionTarget,
  now: Date,
): Promise<VersionFinding[]> {
  const listed = (await listVersionItems(db, target.version.id, { ownOnly: true })).map(
    (l) => l.item,
  );
  const generatedAt = target.version.generatedAt ?? now.toISOString();
  const draft = target.version.state === 'draft';
  // A published version is what its frozen snapshot says, whatever its items became since.
  const snapshot = draft ? null : (target.version.snapshot as JsonObject | null);
  const document = snapshot
    ? normalizeDocument(snapshot)
    : await versionDocument(db, {
        // Named one by one: a caller's object may carry more, such as an import's findings
        // under a name the document input reads as the versions published before.
        profile: target.profile,
        version: target.version,
        organization: target.organization,
        generatedAt,
        components: listed,
      });
  const { errors, warnings } = await checkDocument(document, draft ? 'authoring' : 'import', [
    await knownItemsFor(db, document),
  ]);
  const findings = [...errors, ...warnings];
  if (draft) {
    const templates = listed.filter((item) => item.kind === 'template');
    findings.push(...exampleFindings(document, templates, 'error'));
  }
  return presentFindings(document, listed, findings);
}

/** Findings with the item each one's pointer falls inside, errors first. */
export function presentFindings(
  document: JsonObject,
  items: readonly ItemRow[],
  findings: readonly Finding[],
): VersionFinding[] {
  const byIri = new Map(items.map((item) => [`${item.kind} ${item.iri}`, item]));
  const itemAt = (path: string): VersionFinding['item'] => {
    const [, key = '', index = ''] = path.split('/');
    const kind = KINDS[key];
    if (!kind || !/^\d+$/.test(index)) return null;
    const entry = listOf(document, LISTS[kind])[Number(index)];
    const iri =
      typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    if (typeof iri !== 'string') return null;
    const item = byIri.get(`${kind} ${iri}`);
    return item ? { kind, id: item.id, iri: item.iri, name: item.name } : null;
  };
  return sortFindings([...findings]).map((f) => ({
    ruleId: f.ruleId,
    severity: f.severity,
    path: f.path,
    message: f.message,
    item: itemAt(f.path),
  }));
}
