import {
  Anchor,
  createTheme,
  Drawer,
  Modal,
  Table,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * Colours that reach WCAG 2.1 AA (4.5:1 for text). Filled buttons and badges use shade 8 with white
 * text, light badges and alerts use shade 9 on shade 1, links and coloured text use shade 8 on white.
 * Mantine's own shades 8 and 9 are too light for that in the warm and green families, so those two
 * shades are replaced by darker ones; shades 0–7 stay Mantine's.
 */
function darkerEnd(name: keyof typeof DEFAULT_THEME.colors, s8: string, s9: string) {
  const base: readonly string[] = DEFAULT_THEME.colors[name] ?? [];
  return [...base.slice(0, 8), s8, s9] as unknown as MantineColorsTuple;
}

export const colors = {
  green: darkerEnd('green', '#237032', '#1b5e28'),
  orange: darkerEnd('orange', '#b83d0a', '#9a3412'),
  yellow: darkerEnd('yellow', '#8a5a00', '#7a4f00'),
  teal: darkerEnd('teal', '#087358', '#06604a'),
  cyan: darkerEnd('cyan', '#0a6b7a', '#095b68'),
  red: darkerEnd('red', '#c92a2a', '#a61e1e'),
  lime: darkerEnd('lime', '#4c7a0b', '#3f6508'),
  pink: darkerEnd('pink', '#c2255c', '#a61e4d'),
};

/** Dimmed text and placeholders: Mantine's grey 6 (#868e96) is 3.3:1 on white. */
export const DIMMED_TEXT = '#495057';
export const PLACEHOLDER_TEXT = '#6c757d';

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 of indigo (#3b5bdb) is 5.7:1 on white; Mantine's default shade 6 is 4.3:1.
  primaryShade: { light: 8, dark: 8 },
  colors,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  // Keyboard focus is always drawn (the ring follows :focus-visible).
  focusRing: 'auto',
  components: {
    // A link must not be told from the text around it by colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine draws a dialog's close button as an icon with no accessible name; "Close dialog"
    // keeps it apart from a dialog's own Close button. Its title bar is a <header> outside any
    // section, which would read as a second banner beside the page's own: it is a plain box.
    Modal: Modal.extend({
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
        attributes: { header: { role: 'none' } },
      },
    }),
    // A table wider than the screen scrolls sideways in its own box, which the keyboard must be
    // able to reach and scroll (WCAG 2.1.1): on a phone most tables of the site do. The browser's
    // own scrolling, as it shows a scrollbar whenever the box overflows.
    TableScrollContainer: Table.ScrollContainer.extend({
      defaultProps: { type: 'native', tabIndex: 0 },
    }),
    Drawer: Drawer.extend({
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
        attributes: { header: { role: 'none' } },
      },
    }),
  },
});

export { cssVariablesResolver };
