import type { ProfileView } from '../../../common/profiles';
import type { VersionPaths } from '../concepts/scope';
import { ContentTab } from '../profile/ContentTab';

/** The Patterns tab of a version page and everything under it. */
export function PatternsArea({ view }: { view: ProfileView; paths: VersionPaths }) {
  return <ContentTab kind="patterns" count={view.version.counts.patterns} />;
}
