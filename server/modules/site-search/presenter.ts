import { contentLabels } from '../../../common/concept-content';
import type { ItemResult, ProfileResult } from '../../../common/search';
import type { ConceptUse, ItemHit, ProfileExtras, ProfileHit } from './repo';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentProfileHit(
  hit: ProfileHit,
  extras: ProfileExtras | undefined,
): ProfileResult {
  return {
    uuid: hit.profile_id,
    versionUuid: hit.version_id,
    name: hit.name,
    iri: hit.iri,
    isVerified: hit.is_verified,
    createdOn: iso(hit.created_at),
    updatedOn: iso(hit.updated_at),
    organization: { uuid: hit.organization_id, name: hit.organization_name },
    description: hit.description,
    tags: hit.tags,
    similarProfiles: extras?.similar ?? [],
    concepts: Number(extras?.concepts ?? 0),
    templates: Number(extras?.templates ?? 0),
    patterns: Number(extras?.patterns ?? 0),
    parentProfile: { uuid: hit.profile_id, name: hit.name },
  };
}

export function presentItemHit(hit: ItemHit, use: ConceptUse | undefined): ItemResult {
  return {
    uuid: hit.id,
    iri: hit.iri,
    name: hit.name,
    createdOn: iso(hit.created_at),
    updatedOn: iso(hit.updated_at),
    type: hit.type,
    description: contentLabels(hit.content).description,
    tags: hit.extras.tags ?? [],
    isDeprecated: hit.deprecated,
    parentProfile:
      hit.parent_id && hit.parent_name !== null
        ? { uuid: hit.parent_id, name: hit.parent_name }
        : null,
    organization:
      hit.organization_id && hit.organization_name !== null
        ? { uuid: hit.organization_id, name: hit.organization_name }
        : null,
    ...(use
      ? { usedBy: { templates: Number(use.templates), profiles: Number(use.profiles) } }
      : {}),
  };
}
