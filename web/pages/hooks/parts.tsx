import { Box } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The hooks screens with text colours that meet WCAG 2.1 AA contrast (4.5:1): the theme's
 * dimmed grey, primary indigo and anchor colours are one shade too light on white.
 */
const contrast = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
  '--mantine-primary-color-filled': 'var(--mantine-color-indigo-8)',
  '--mantine-primary-color-filled-hover': 'var(--mantine-color-indigo-9)',
  '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-8)',
  // A subtle button under the pointer: indigo 9 on Mantine's hover shade 2 is 4.1:1, on shade 1 5.3:1.
  '--mantine-color-indigo-light-hover': 'var(--mantine-color-indigo-1)',
} as CSSProperties;

export function HooksScreen({ children }: { children: ReactNode }) {
  return <Box style={contrast}>{children}</Box>;
}
