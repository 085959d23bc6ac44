import { ConceptsArea } from '../pages/concepts/ConceptsArea';
import { ImportPage } from '../pages/harvest/ImportPage';
import { ImportQueuePage } from '../pages/harvest/ImportQueuePage';
import { PatternsArea } from '../pages/patterns/PatternsArea';
import {
  GroupVersionPage as GroupVersion,
  PublicProfilePage as PublicProfile,
} from '../pages/profile/VersionPage';
import { VersionSectionsContext, type VersionSections } from '../pages/profile/version-sections';
import { VersionStatementsTest } from '../pages/statements/VersionStatementsTest';
import { TemplatesArea } from '../pages/templates/TemplatesArea';
import { lazyPage } from '../lib/lazy-page';

// Generating statements is fetched when first opened: its chunk stays out of the version page's.
const GenerateStatements = lazyPage(
  () => import('../pages/statements/GenerateStatements'),
  'GenerateStatements',
);

/**
 * A profile version's page with the screens of the other areas it shows in its tabs. One module,
 * fetched when a version is first shown, as the version page and its tabs were before.
 */
const sections: VersionSections = {
  Templates: TemplatesArea,
  Patterns: PatternsArea,
  Concepts: ConceptsArea,
  ImportQueue: ImportQueuePage,
  Import: ImportPage,
  StatementsTest: VersionStatementsTest,
  StatementsGenerate: GenerateStatements,
};

export function GroupVersionPage() {
  return (
    <VersionSectionsContext value={sections}>
      <GroupVersion />
    </VersionSectionsContext>
  );
}

export function PublicProfilePage() {
  return (
    <VersionSectionsContext value={sections}>
      <PublicProfile />
    </VersionSectionsContext>
  );
}
