export { ReviewService, type ReviewAccess } from './service';
export { isAskedToReview } from './repo';
export {
  checkRule,
  requireReviewRule,
  ruleOf,
  versionFingerprint,
  type ReviewOverride,
  type RuleCheck,
} from './rule';
