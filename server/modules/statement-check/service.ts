import { LRUCache } from 'lru-cache';
import type { CompiledProfile } from '../../../xapi/index';
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

  constructor(private readonly db: Db) {}

  /** A profile IRI means its current published version; a version IRI that version, if published. */
  async profileFor(iri: string): Promise<CompiledProfile> {
    const missing = () =>
      notFound(`No published profile hosted here has the IRI ${iri} (profile or version IRI).`);
    const profile = await findProfileByIri(this.db, iri);
    const version = profile
      ? profile.currentPublishedVersionId
        ? await findVersion(this.db, profile.currentPublishedVersionId)
        : null
      : await findVersionByIri(this.db, iri);
    if (!version || version.state !== 'published') throw missing();
    const cached = this.compiled.get(version.id);
    if (cached) return cached;
    // Publication freezes the document as the snapshot: that is what readers of the version get.
    const owner = profile ?? (await findProfile(this.db, version.profileId));
    if (!owner || !version.snapshot) throw missing();
    const { model } = parse(version.snapshot);
    if (!model) throw missing();
    const compiled = compileProfile(model);
    this.compiled.set(version.id, compiled);
    return compiled;
  }

  /** Resolves when the statement follows the profile's templates; otherwise a 400 that explains. */
  async checkTemplates(input: TemplatesInput): Promise<void> {
    const statement = readStatement(input.statement);
    const profile = await this.profileFor(input.profile);
    const validation = validateStatement(statement, profile);
    if (validation.outcome === 'success') return;
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
