import type { Iri, JsonValue } from '../../../xapi/index';
import { compareVersions, readVersionNumber } from '../../../xapi/index';
import type { ProfileDocs } from '../../../xapi/docs/index';
import {
  profileDocs,
  renderDocsHtml,
  renderDocsMarkdown,
  versionName,
} from '../../../xapi/docs/index';
import { exampleSteps } from '../../../xapi/docs/examples';
import type { Db } from '../../db/client';
import type { ProfileVersionRow, UserRow } from '../../db/schema';
import { listVersionItems } from '../item-store/repo';
import { runInSlices } from '../slices';
import type { OrganizationService } from '../organizations/service';
import { loadProfileAccess, visibleVersion, type ProfileAccess } from '../profiles/access';
import { readVersionDocument } from '../profiles/publishing';
import { findVersion, listVersions } from '../profiles/repo';

export interface DocsServiceDeps {
  db: Db;
  organizations: OrganizationService;
}

/** The reader's choice of language: explicit (`?lang=`), and what the browser accepts. */
export interface LanguageChoice {
  language?: string | undefined;
  accepted: readonly string[];
}

/** A version's documentation, ready to write, with what the page needs to link elsewhere. */
export interface VersionDocs {
  docs: ProfileDocs;
  profileId: string;
  version: ProfileVersionRow;
  /** The versions this reader may see, newest first. */
  versions: ProfileVersionRow[];
  /** A file name for downloads: the profile's name and the version. */
  fileStem: string;
}

/** How long the examples of one page may take to generate before the page goes without the rest. */
const EXAMPLE_BUDGET_MS = 500;

/**
 * Documentation generated from a version's stored document (the snapshot once published), for
 * whoever may see the version: drafts only for their group's members, as everywhere else. What
 * changed is the comparison with the version published before it.
 */
export class DocsService {
  constructor(private readonly deps: DocsServiceDeps) {}

  async forViewer(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    choice: LanguageChoice,
  ): Promise<VersionDocs> {
    const { db, organizations } = this.deps;
    const access = await loadProfileAccess(organizations, db, user, profileId);
    const version = visibleVersion(access, await findVersion(db, versionId));
    const document = await this.documentOf(access, version);
    const versions = (await listVersions(db, access.profile.id)).filter(
      (v) => v.state === 'published' || access.member,
    );
    // A draft follows the version published last; a published version the one before it.
    const previous = versions.find((v) => v.state === 'published' && v.version < version.version);
    const changes = previous
      ? {
          since: this.nameOf(previous),
          set: compareVersions(await this.documentOf(access, previous), document, {
            fromVersion: numbered(previous),
            toVersion: numbered(version),
          }),
        }
      : undefined;
    const examples = await this.examples(version, document);
    const docs = profileDocs(document, {
      language: choice.language,
      accepted: choice.accepted,
      changes,
      examples,
    });
    const name = docs.profile.title.text;
    return {
      docs,
      profileId: access.profile.id,
      version,
      versions,
      fileStem: `${(name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'profile').slice(0, 80)}-${this.nameOf(version).replace(/[^A-Za-z0-9.]+/g, '-')}`,
    };
  }

  /** The page of a version: links to the other versions, languages and downloads on this site. */
  html(answer: VersionDocs): string {
    const { docs, profileId, version } = answer;
    const base = (versionId: string) => `/app/profile/${profileId}/version/${versionId}/docs`;
    const lang = `lang=${encodeURIComponent(docs.lang)}`;
    return renderDocsHtml(docs, {
      back: { href: `/profile/${profileId}/version/${version.id}`, label: 'Back to the profile' },
      versionLinks: answer.versions.map((v) => ({
        name: this.nameOf(v),
        href: `${base(v.id)}?${lang}`,
        current: v.id === version.id,
        ...(v.state === 'draft' ? { note: '(draft)' } : {}),
      })),
      languageLinks: docs.languages.map((l) => ({
        lang: l,
        href: `${base(version.id)}?lang=${encodeURIComponent(l)}`,
      })),
      downloads: {
        html: `${base(version.id)}?${lang}&download=1`,
        htmlFileName: `${answer.fileStem}.html`,
        markdown: `${base(version.id)}.md?${lang}`,
        markdownFileName: `${answer.fileStem}.md`,
      },
      note: `Generated from the ${version.state === 'draft' ? 'current draft' : 'published document'} of ${docs.profile.version?.id ?? 'this version'}.`,
    });
  }

  markdown(answer: VersionDocs): string {
    const { docs, version } = answer;
    return renderDocsMarkdown(docs, {
      note: `Generated from the ${version.state === 'draft' ? 'current draft' : 'published document'} of ${docs.profile.version?.id ?? 'this version'}.`,
    });
  }

  private documentOf(access: ProfileAccess, version: ProfileVersionRow) {
    return readVersionDocument(this.deps.db, access.profile, access.organization, version);
  }

  private nameOf(version: ProfileVersionRow): string {
    return readVersionNumber(version.iri) ? versionName(version.iri) : `version ${version.version}`;
  }

  /**
   * An example per template: the one its authors wrote, else one generated from the profile
   * (deterministic, so the same version always shows the same).
   */
  private async examples(
    version: ProfileVersionRow,
    document: unknown,
  ): Promise<Map<Iri, { statement: JsonValue; source: 'authored' | 'generated' }>> {
    const deadline = Date.now() + EXAMPLE_BUDGET_MS;
    // Made in slices of the thread, so other requests are not held up while they are made.
    const examples: Map<Iri, { statement: JsonValue; source: 'authored' | 'generated' }> =
      await runInSlices(exampleSteps(document, { stop: () => Date.now() > deadline }));
    const listed = await listVersionItems(this.deps.db, version.id);
    for (const { item } of listed) {
      if (item.kind !== 'template') continue;
      const text = (item.extras as Record<string, unknown> | null)?.statementExample;
      if (typeof text !== 'string' || text.trim() === '') continue;
      try {
        examples.set(item.iri, { statement: JSON.parse(text) as JsonValue, source: 'authored' });
      } catch {
        // An example that is not JSON is not shown; its template's page says so already.
      }
    }
    return examples;
  }
}

/** A version IRI that carries a number (…/v1.0.2) gives it; otherwise the server's count. */
const numbered = (v: ProfileVersionRow) =>
  readVersionNumber(v.iri) ? undefined : String(v.version);
