import type { ProfileView } from '../../../common/profiles';
import type { VersionPaths } from '../concepts/scope';
import { ContentTab } from '../profile/ContentTab';

/** The Templates tab of a version page and everything under it. */
export function TemplatesArea({ view }: { view: ProfileView; paths: VersionPaths }) {
  return <ContentTab kind="templates" count={view.version.counts.templates} />;
}
