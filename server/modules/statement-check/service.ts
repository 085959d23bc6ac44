import { LRUCache } from 'lru-cache';
import type { CompiledProfile, Profile, XapiVersion } from '../../../xapi/index';
import { compileProfile, followsPatterns, parse, validateStatement } from '../../../xapi/index';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../errors';
import { findProfile, findProfileByIri, findVersion, findVersionByIri } from '../profiles/repo';
import { readStatement, readStatements } from './input';
import { explainPatterns, explainTemplates } from './explain';

/** Compiled profiles kept in memory: enough for the profiles people try at once. */
const CACHED_PROFILES = 32;

export interface TemplatesInput {
  statement: unknown;
  profile: string;
  xapiVersion?: XapiVersion | undefined;
}

export interface PatternsInput {
  statements: unknown;
  profile: string;
}

/**
 * Checks xAPI statements against a profile this server hosts (communication spec §3): the
 * templates a statement must follow, and the patterns a batch must follow. Only published
 * versions are used; they never change, so a compiled one is kept by version id.
 */
export class StatementCheckService {
  private readonly compiled = new LRUCache<string, CompiledProfile>({ max: CACHED_PROFILES });
  private readonly models = new LRUCache<string, Profile>({ max: CACHED_PROFILES });

  constructor(private readonly db: Db) {}

  /** A profile IRI means its current published version; a version IRI that version, if published. */
  async profileFor(iri: string): Promise<CompiledProfile> {
    const { versionId, model } = await this.publishedModel(iri);
    const cached = this.compiled.get(versionId);
    if (cached) return cached;
    const compiled = compileProfile(model);
    this.compiled.set(versionId, compiled);
    return compiled;
  }

  /** The document of the published version an IRI names, as the library's model. */
  async publishedModel(iri: string): Promise<{ versionId: string; model: Profile }> {
    const missing = () =>
      notFound(`No published profile hosted here has the IRI ${iri} (profile or version IRI).`);
    const profile = await findProfileByIri(this.db, iri);
    const version = profile
      ? profile.currentPublishedVersionId
        ? await findVersion(this.db, profile.currentPublishedVersionId)
        : null
      : await findVersionByIri(this.db, iri);
    if (!version || version.state !== 'published') throw missing();
    const cached = this.models.get(version.id);
    if (cached) return { versionId: version.id, model: cached };
    // Publication freezes the document as the snapshot: that is what readers of the version get.
    const owner = profile ?? (await findProfile(this.db, version.profileId));
    if (!owner || !version.snapshot) throw missing();
    const { model } = parse(version.snapshot);
    if (!model) throw missing();
    this.models.set(version.id, model);
    return { versionId: version.id, model };
  }

  /**
   * Resolves with the version of xAPI the statement was checked as when it follows the profile's
   * templates; otherwise a 400 that explains (and names that version too).
   */
  async checkTemplates(input: TemplatesInput): Promise<{ xapiVersion: XapiVersion }> {
    const statement = readStatement(input.statement);
    const profile = await this.profileFor(input.profile);
    const validation = validateStatement(statement, profile, { xapiVersion: input.xapiVersion });
    if (validation.outcome === 'success') return { xapiVersion: validation.xapiVersion };
    const { code, message, details } = explainTemplates(validation);
    throw new AppError(400, code, message, details);
  }

  /** Resolves when every registration's statements follow a primary pattern; otherwise a 400. */
  async checkPatterns(input: PatternsInput): Promise<void> {
    const statements = readStatements(input.statements);
    const profile = await this.profileFor(input.profile);
    const validation = followsPatterns(statements, profile);
    const explained = explainPatterns(validation, statements.length);
    if (!explained) return;
    throw new AppError(400, explained.code, explained.message, explained.details);
  }
}
