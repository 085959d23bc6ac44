import { createContext, useContext, type ComponentType } from 'react';
import type { Profile, ProfileVersion, ProfileView } from '../../../common/profiles';
import type { VersionPaths } from '../../components/items/ItemsListPage';

/**
 * The screens of other areas that a version page shows in its tabs and sub-pages: its items, the
 * Import and the Import Queue, the statement test. The app hands them in (`app/version-screens.tsx`),
 * so the profile area imports no other area and each area stays a screen of its own.
 */
export interface VersionSections {
  Templates: ComponentType<{ view: ProfileView; paths: VersionPaths }>;
  Patterns: ComponentType<{ view: ProfileView; paths: VersionPaths }>;
  Concepts: ComponentType<{ view: ProfileView; paths: VersionPaths }>;
  ImportQueue: ComponentType<{ profile: Profile; version: ProfileVersion; paths: VersionPaths }>;
  Import: ComponentType<{
    profile: Profile;
    version: ProfileVersion;
    backPath: string;
    queuePath: (fileId?: string) => string;
    versionPath: VersionPaths;
  }>;
  StatementsTest: ComponentType<{
    profile: Profile;
    version: ProfileVersion;
    paths: VersionPaths;
    backPath: string;
  }>;
  StatementsGenerate: ComponentType<{
    profile: Profile;
    version: ProfileVersion;
    paths: VersionPaths;
    backPath: string;
  }>;
}

export const VersionSectionsContext = createContext<VersionSections | null>(null);

export function useVersionSections(): VersionSections {
  const sections = useContext(VersionSectionsContext);
  if (!sections) throw new Error('A version page is shown inside VersionSectionsContext.');
  return sections;
}
