/** The anchored sections of the guidelines page, in display order. */
export const GUIDELINE_SECTIONS = [
  { id: 'before-you-begin', title: 'Before You Begin' },
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'authoring-profiles', title: 'Authoring Profiles' },
  { id: 'publishing-profiles', title: 'Publishing Profiles' },
  { id: 'updating-profiles', title: 'Updating Profiles' },
  { id: 'external-resources', title: 'External Resources' },
] as const;

export type GuidelineSectionId = (typeof GUIDELINE_SECTIONS)[number]['id'];

/** Id of the element at the top of the guidelines page; `/help#resourcestop` scrolls there. */
export const GUIDELINES_TOP_ID = 'resourcestop';
