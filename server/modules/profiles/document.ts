import {
  serialize,
  validate,
  type Finding,
  type Profile as ProfileDocument,
} from '../../../xapi/index';
import type { OrganizationRow, ProfileRow, ProfileVersionRow } from '../../db/schema';

/** The language map of a version's name or description: English first, then the translations. */
function languageMap(
  version: ProfileVersionRow,
  pick: (t: ProfileVersionRow['translations'][number]) => string,
  english: string,
) {
  return Object.fromEntries([
    ['en', english],
    ...version.translations.map((t) => [t.language, pick(t)] as const),
  ]);
}

/**
 * The xAPI Profile document of a version. `history` holds the versions published before it,
 * newest first; the document lists itself and them, each pointing at the one it revised.
 */
export function buildProfileDocument(
  profile: ProfileRow,
  version: ProfileVersionRow,
  organization: OrganizationRow,
  history: ProfileVersionRow[],
  generatedAt: Date,
): ProfileDocument {
  const chain = [
    { iri: version.iri, at: generatedAt },
    ...history.map((h) => ({ iri: h.iri, at: h.publishedAt ?? h.createdAt })),
  ];
  const model: ProfileDocument = {
    '@context': 'https://w3id.org/xapi/profiles/context',
    id: profile.iri,
    type: 'Profile',
    conformsTo: 'https://w3id.org/xapi/profiles#1.0',
    prefLabel: languageMap(version, (t) => t.translationName, version.name),
    definition: languageMap(version, (t) => t.translationDesc, version.description),
    ...(version.moreInformation ? { seeAlso: version.moreInformation } : {}),
    versions: chain.map((entry, index) => {
      const previous = chain[index + 1];
      return {
        id: entry.iri,
        generatedAtTime: entry.at.toISOString(),
        ...(previous ? { wasRevisionOf: [previous.iri] } : {}),
      };
    }),
    author: {
      type: 'Organization',
      name: organization.name,
      ...(/^https?:\/\//.test(organization.collaborationLink)
        ? { url: organization.collaborationLink }
        : {}),
    },
  };
  return model;
}

export function serializeDocument(model: ProfileDocument): Record<string, unknown> {
  return serialize(model);
}

/** Errors that stop a publication; warnings travel along but do not block. */
export function checkDocument(document: Record<string, unknown>): {
  errors: Finding[];
  warnings: Finding[];
} {
  const findings = validate(document, { mode: 'authoring' });
  return {
    errors: findings.filter((f) => f.severity === 'error'),
    warnings: findings.filter((f) => f.severity === 'warning'),
  };
}
