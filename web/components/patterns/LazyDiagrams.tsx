import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The diagrams come in a chunk of their own, fetched when a first diagram is shown, so a
 * version's page does not carry them until one is on screen. Only the diagram waits: the rest of
 * the screen stays as it is (and keeps what is being typed) while it arrives.
 */
const load = () => import('./PatternDiagram');
const Structure = lazy(async () => ({ default: (await load()).PatternStructure }));
const Registration = lazy(async () => ({ default: (await load()).RegistrationDiagram }));

const waiting = <Loader size="sm" role="progressbar" aria-label="Loading the diagram" />;

/** A pattern drawn whole (`PatternDiagram.tsx`), once its code is here. */
export function PatternStructure(props: ComponentProps<typeof Structure>) {
  return (
    <Suspense fallback={waiting}>
      <Structure {...props} />
    </Suspense>
  );
}

/** A pattern with a registration's path through it (`PatternDiagram.tsx`), once its code is here. */
export function RegistrationDiagram(props: ComponentProps<typeof Registration>) {
  return (
    <Suspense fallback={waiting}>
      <Registration {...props} />
    </Suspense>
  );
}
