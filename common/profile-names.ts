// Kept apart from the zod schemas of `profiles.ts`: the home page reads this name, and importing
// any value from a module of schemas would bring zod into the first download of the web app.

/** The profile that holds items whose own profile was deleted; lists never show it. */
export const ORPHAN_CONTAINER_NAME = 'Orphan Container Profile';
