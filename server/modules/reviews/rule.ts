import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import type { ReviewRule } from '../../../common/reviews';
import { queryRows, type Db } from '../../db/client';
import { reviewOverrides, reviewRules } from '../../db/schema';
import { AppError } from '../errors';

export const NO_RULE: ReviewRule = { approvalsRequired: 0, reapproveAfterChange: true };

export async function ruleOf(db: Db, organizationId: string): Promise<ReviewRule> {
  const [row] = await db
    .select({
      approvalsRequired: reviewRules.approvalsRequired,
      reapproveAfterChange: reviewRules.reapproveAfterChange,
    })
    .from(reviewRules)
    .where(eq(reviewRules.organizationId, organizationId));
  return row ?? NO_RULE;
}

/**
 * What a version's content is now, as one hash: its details, every item it lists with the
 * revision and that revision's last save, and the items' deprecations and deletions. Any change a
 * person can make to a draft changes it; reading does not.
 */
export async function versionFingerprint(db: Db, versionId: string): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`
      select md5(v.updated_at::text || '|' || coalesce((
        select string_agg(
          vc.component_id::text || ':' || vc.revision_id::text || ':' || r.updated_at::text || ':'
            || coalesce(i.deprecated_at::text, '') || ':' || coalesce(i.deleted_at::text, ''),
          ',' order by vc.component_id)
        from version_components vc
        join item_revisions r on r.id = vc.revision_id
        join profile_components i on i.id = vc.component_id
        where vc.version_id = v.id), '')) as fingerprint
      from profile_versions v where v.id = ${versionId}`,
  );
  return row?.fingerprint ?? '';
}

export interface LatestDecision {
  reviewerId: string;
  decision: 'approve' | 'changes';
  message: string;
  fingerprint: string;
  createdAt: Date;
}

/** Each reviewer's latest decision on a version, of the reviewers still asked. */
export async function latestDecisions(db: Db, versionId: string): Promise<LatestDecision[]> {
  const rows = await queryRows<{
    reviewer_id: string;
    decision: 'approve' | 'changes';
    message: string;
    fingerprint: string;
    created_at: string | Date;
  }>(
    db,
    sql`
      select distinct on (d.reviewer_id) d.reviewer_id, d.decision, d.message, d.fingerprint,
        d.created_at
      from review_decisions d
      join review_requests q on q.version_id = d.version_id and q.reviewer_id = d.reviewer_id
      where d.version_id = ${versionId}
      order by d.reviewer_id, d.created_at desc, d.id desc`,
  );
  return rows.map((r) => ({
    reviewerId: r.reviewer_id,
    decision: r.decision,
    message: r.message,
    fingerprint: r.fingerprint,
    createdAt: new Date(r.created_at),
  }));
}

export interface RuleCheck {
  rule: ReviewRule;
  fingerprint: string;
  decisions: LatestDecision[];
  /** Approvals that count: current ones, or any when a change needs no new approval. */
  approvals: number;
  changesRequested: number;
  /** Why it cannot be published, in words that name no one; empty when it can. */
  missing: string[];
}

/** Whether a version may be published under its group's rule, and if not, why. */
export async function checkRule(
  db: Db,
  organizationId: string,
  versionId: string,
): Promise<RuleCheck> {
  const rule = await ruleOf(db, organizationId);
  const fingerprint = await versionFingerprint(db, versionId);
  const decisions = await latestDecisions(db, versionId);
  const counts = (d: LatestDecision) => !rule.reapproveAfterChange || d.fingerprint === fingerprint;
  const approvals = decisions.filter((d) => d.decision === 'approve' && counts(d)).length;
  const changesRequested = decisions.filter((d) => d.decision === 'changes').length;
  const missing: string[] = [];
  if (rule.approvalsRequired > 0) {
    if (approvals < rule.approvalsRequired) {
      const stale = decisions.filter((d) => d.decision === 'approve' && !counts(d)).length;
      missing.push(
        `This version needs ${rule.approvalsRequired} ${plural(rule.approvalsRequired, 'approval')} ` +
          `and has ${approvals}` +
          (stale > 0
            ? `; ${stale} ${plural(stale, 'approval was', 'approvals were')} given before the latest change.`
            : '.'),
      );
    }
    if (changesRequested > 0)
      missing.push(
        `${changesRequested} ${plural(changesRequested, 'reviewer has', 'reviewers have')} asked for changes.`,
      );
  }
  return { rule, fingerprint, decisions, approvals, changesRequested, missing };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** A group admin's decision to publish although the rule does not hold, with the reason. */
export interface ReviewOverride {
  userId: string;
  groupAdmin: boolean;
  reason: string;
}

/**
 * The publish gate, run by every path that publishes (site, API status, import as published) in
 * its transaction: refuses with `REVIEW_REQUIRED` while the group's rule does not hold, unless a
 * group admin overrides it, which is recorded with the reason.
 */
export async function requireReviewRule(
  tx: Db,
  target: { organizationId: string; versionId: string },
  override?: ReviewOverride,
): Promise<void> {
  // A group without a rule publishes as before, at the cost of one read.
  if ((await ruleOf(tx, target.organizationId)).approvalsRequired === 0) return;
  const check = await checkRule(tx, target.organizationId, target.versionId);
  if (check.missing.length === 0) return;
  if (override) {
    if (!override.groupAdmin)
      throw new AppError(
        403,
        ErrorCode.Forbidden,
        'Only admins of this working group can publish without the approvals its rule asks for.',
      );
    await tx
      .insert(reviewOverrides)
      .values({
        versionId: target.versionId,
        overriddenBy: override.userId,
        reason: override.reason,
      })
      .onConflictDoUpdate({
        target: reviewOverrides.versionId,
        set: { overriddenBy: override.userId, reason: override.reason, createdAt: sql`now()` },
      });
    return;
  }
  throw new AppError(
    409,
    ErrorCode.ReviewRequired,
    `Not published: ${check.missing.join(' ')} Ask its reviewers to approve it, or a group admin can publish it anyway on the site, giving a reason.`,
  );
}
