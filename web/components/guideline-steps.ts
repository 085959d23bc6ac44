/** One step of the recommended way to build an xAPI Profile. */
export interface GuidelineStep {
  /** Stable key, also usable as a DOM id fragment. */
  id: string;
  title: string;
  summary: string;
}

/** The four guideline steps shown on the home page and on the guidelines page. */
export const GUIDELINE_STEPS: readonly GuidelineStep[] = [
  {
    id: 'define-use-cases',
    title: 'Define Use Cases',
    summary:
      'Write down the experiences you want to track, who will send the data and what questions the data must answer. Clear use cases keep a profile small and focused.',
  },
  {
    id: 'author-and-reuse',
    title: 'Author and Reuse',
    summary:
      'Search the server for verbs, activity types and extensions that already fit before inventing new ones. Add only the concepts, statement templates and patterns your use cases need.',
  },
  {
    id: 'prototype-and-refine',
    title: 'Prototype and Refine',
    summary:
      'Send sample statements from a real or mock learning experience, import them to see how they match your concepts, and adjust the draft with your working group until it holds up.',
  },
  {
    id: 'publish-and-share',
    title: 'Publish and Share',
    summary:
      'Publish the version so anyone can find, export and build on it. Request verification if you want a review, and share the permanent IRI with implementers.',
  },
];
