import type { ComparedVersion, Comparison, ItemLink } from '../../../common/changes';
import type { ImportComparison } from '../../../common/harvest';
import type { ChangeSet, JsonObject } from '../../../xapi/index';
import { compareVersionsSteps, readVersionNumber, renderChangelog } from '../../../xapi/index';
import { runInSlices } from '../slices';
import type { Db } from '../../db/client';
import type { OrganizationRow, ProfileRow, ProfileVersionRow, UserRow } from '../../db/schema';
import type { CounterService } from '../counters/service';
import { badRequest, conflict, notFound } from '../errors';
import type { OrganizationService } from '../organizations/service';
import { loadProfileAccess, visibleVersion } from '../profiles/access';
import { requireCurrent } from '../profiles/drafts';
import { readDraftDocument } from '../profiles/import';
import { draftWithFile } from '../profiles/lifecycle/import';
import { readVersionDocument } from '../profiles/publishing';
import { findProfile, findVersion } from '../profiles/repo';
import { findOrganization } from '../organizations/repo';
import { publishedItemIris } from '../item-store/listing';
import { listVersionItems } from '../item-store/repo';
import { authorizeRead, type ApiCaller } from '../public-api/access';

export interface ChangeServiceDeps {
  db: Db;
  organizations: OrganizationService;
  counters: CounterService;
}

export interface ComparisonRequest {
  from: string;
  to?: string | undefined;
}

/** A comparison as the library gives it (the `/app` and `/api` contract is its JSON form). */
export type ComparisonResult = Omit<Comparison, 'changes'> & { changes: ChangeSet };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function present(version: ProfileVersionRow): ComparedVersion {
  return { uuid: version.id, version: version.version, state: version.state, iri: version.iri };
}

/**
 * What changed between two versions of a profile. Versions are frozen once published (a draft is
 * read as it stands), so a comparison is the library's `compareVersionsSteps` (in slices) over their two documents.
 * Who may see a version decides whether it can be compared: drafts only for their group.
 */
export class ChangeService {
  constructor(private readonly deps: ChangeServiceDeps) {}

  private documentOf(
    profile: ProfileRow,
    organization: OrganizationRow,
    version: ProfileVersionRow,
  ): Promise<JsonObject> {
    return readVersionDocument(this.deps.db, profile, organization, version) as Promise<JsonObject>;
  }

  private async compare(
    profile: ProfileRow,
    organization: OrganizationRow,
    from: ProfileVersionRow,
    to: ProfileVersionRow,
  ): Promise<ComparisonResult> {
    const [older, newer] = await Promise.all([
      this.documentOf(profile, organization, from),
      this.documentOf(profile, organization, to),
    ]);
    // A version IRI that carries a number (…/v1.0.2) gives it; otherwise the server's count.
    const numberOf = (v: ProfileVersionRow) =>
      readVersionNumber(v.iri) ? undefined : String(v.version);
    // In slices: two versions of a thousand items take a hundred milliseconds and more.
    const changes = await runInSlices(
      compareVersionsSteps(older, newer, {
        fromVersion: numberOf(from),
        toVersion: numberOf(to),
      }),
    );
    return { success: true, from: present(from), to: present(to), changes };
  }

  /** The version compared against when none is named: the current published one. */
  private defaultTarget(profile: ProfileRow): string {
    const id = profile.currentPublishedVersionId;
    if (!id)
      throw badRequest(
        'This profile has no published version yet: name the version to compare with in `to`.',
      );
    return id;
  }

  /** The item uuids of the changed items in each version, for links to their pages. */
  private async links(comparison: ComparisonResult): Promise<ItemLink[]> {
    const [from, to] = await Promise.all([
      listVersionItems(this.deps.db, comparison.from.uuid, { ownOnly: true }),
      listVersionItems(this.deps.db, comparison.to.uuid, { ownOnly: true }),
    ]);
    const uuidIn = (listed: typeof from, iri: string) =>
      listed.find((l) => l.item.iri === iri)?.item.id ?? null;
    return comparison.changes.items.map((change) => {
      const oldIri = change.previousId ?? change.id;
      return {
        iri: change.id,
        kind: change.kind,
        from: uuidIn(from, oldIri),
        to: uuidIn(to, change.id),
      };
    });
  }

  /** For a person on the site: drafts only for members of the owning group and their reviewers. */
  async forViewer(
    user: UserRow | null,
    profileId: string,
    request: ComparisonRequest,
  ): Promise<ComparisonResult & { links: ItemLink[] }> {
    // The draft's invited reviewers read what it changes.
    const access = await loadProfileAccess(this.deps.organizations, this.deps.db, user, profileId, {
      asReviewer: true,
    });
    const toId = request.to ?? this.defaultTarget(access.profile);
    const from = visibleVersion(access, await findVersion(this.deps.db, request.from));
    const to = visibleVersion(access, await findVersion(this.deps.db, toId));
    const comparison = await this.compare(access.profile, access.organization, from, to);
    return { ...comparison, links: await this.links(comparison) };
  }

  /**
   * What a profile file would change in the draft it would replace, for a member on the Import
   * screen: the draft as it stands against the draft as the file would make it, with the draft's
   * revision that confirms the replacement. A read: nothing is stored, nothing counted.
   */
  async againstFile(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: unknown,
  ): Promise<Omit<ImportComparison, 'changes'> & { changes: ChangeSet }> {
    const { document } = readDraftDocument(input);
    const access = await loadProfileAccess(this.deps.organizations, this.deps.db, user, profileId);
    // As the import itself: nobody but a member learns more.
    if (!access.member) throw notFound('No such version of this profile.');
    const version = visibleVersion(access, await findVersion(this.deps.db, versionId));
    requireCurrent(access.profile, version);
    if (version.state !== 'draft')
      throw conflict(
        'This version is published: a file imported into it becomes a new draft and replaces nothing, so there is nothing to compare it with.',
      );
    const target = { profile: access.profile, organization: access.organization, version };
    const { before, after, revision } = await draftWithFile(this.deps.db, target, document);
    const numbered = readVersionNumber(version.iri) ? undefined : String(version.version);
    const changes = await runInSlices(
      compareVersionsSteps(before, after, {
        fromVersion: numbered,
        toVersion: numbered,
        // What the file takes out of the draft that no version ever published goes quietly.
        published: await publishedItemIris(this.deps.db, access.profile.id),
      }),
    );
    const own = await listVersionItems(this.deps.db, version.id, { ownOnly: true });
    const links = changes.items.map((change) => ({
      iri: change.id,
      kind: change.kind,
      from: own.find((l) => l.item.iri === (change.previousId ?? change.id))?.item.id ?? null,
      to: null,
    }));
    return {
      success: true,
      draft: { ...present(version), updatedOn: version.updatedAt.toISOString(), revision },
      changes,
      links,
    };
  }

  /** For a tool with (or without) an API key: the rules of the other `/api/profile` reads. */
  async forApiCaller(
    caller: ApiCaller,
    profileId: string,
    request: ComparisonRequest,
  ): Promise<ComparisonResult> {
    const { db } = this.deps;
    const missing = () => notFound('Profile not found.');
    if (!UUID.test(profileId)) throw missing();
    const profile = await findProfile(db, profileId);
    const organization = profile ? await findOrganization(db, profile.organizationId) : null;
    if (!profile || !organization) throw missing();
    const version = async (id: string) => {
      const row = UUID.test(id) ? await findVersion(db, id) : null;
      if (!row || row.profileId !== profile.id) throw notFound(`No version ${id} of this profile.`);
      authorizeRead(caller, { profile, organization, version: row });
      return row;
    };
    if (!request.to && !profile.currentPublishedVersionId) {
      // A profile with only a draft: as unknown to outsiders as the draft itself.
      if (profile.currentDraftVersionId) await version(profile.currentDraftVersionId);
    }
    const to = await version(request.to ?? this.defaultTarget(profile));
    const from = await version(request.from);
    this.deps.counters.profile(profile.id, 'apiRead');
    if (caller.key) this.deps.counters.key(caller.key.id, 'apiRead');
    return this.compare(profile, organization, from, to);
  }

  /** A comparison as a Markdown changelog. */
  markdown(comparison: Comparison): string {
    return renderChangelog(comparison.changes);
  }
}
