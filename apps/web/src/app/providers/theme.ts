import {
  createTheme,
  darken,
  Drawer,
  Modal,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** autoContrast: a filled badge or button picks black or white text by its colour, so yellow or lime stay legible. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  autoContrast: true,
  // Filled and link blue: Mantine's light shade 6 (#228be6) reads 3.6:1 with white; shade 8 (#1971c2) reads 5.0:1.
  primaryShade: { light: 8, dark: 8 },
  // Mantine's close buttons are bare icons: a screen reader would announce an unnamed button in every dialog.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Mantine 9 keeps every closed select's options in the page (hidden): diagnose's three metric pickers alone
    // rendered some 340 hidden rows before its first chart. Options now render when a list opens. A plain object,
    // not Combobox.extend, so that the combobox's code stays out of the first screen's chunk.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Dimmed text in the dark scheme. Mantine's own (dark.2, #828282) reads at 4.0:1 on the dark body and 3.4:1 on a
 * selected row's light-variant blue, below WCAG AA's 4.5:1 for the small print it is used for (places, units, times,
 * counts). This grey keeps it quieter than text (dark.0) and above 4.5:1 on the body, on papers and headers
 * (dark.6) and on the light variant's blue.
 */
export const DARK_DIMMED = '#a0a0a0';

/**
 * Dimmed text in the light scheme. Mantine's (gray.6, #868e96) reads at 3.3:1 on white (axe's color-contrast finds
 * it in the navigation's section titles, the header's company and the menus' labels): this grey keeps it quieter than
 * text and above 4.5:1 on white, on the light greys of headers and on a selected row's light-variant blue.
 */
export const LIGHT_DIMMED = '#5c636a';

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter = 0, darker = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA for the small text and icons the light and subtle variants draw. */
const AA = 4.5;

/**
 * The shade a colour's light and subtle variants (red trash icons, light badges such as PAST) draw their icon or
 * text in, in the dark scheme. Mantine's is shade 0, nearly white for every colour, so a red delete icon looked
 * white and badges of different states looked alike. This is the strongest of shades 4 to 1 that still reads at
 * WCAG AA on the variant's own dark tint and its hover tint (Mantine's: shade 9 darkened by half and by 0.3) and
 * on the body and papers (dark 7 and 6).
 */
export function darkLightVariantShade(shades: MantineColorsTuple, dark: MantineColorsTuple): number {
  const surfaces = [darken(shades[9], 0.5), darken(shades[9], 0.3), dark[7], dark[6]];
  const shade = [4, 3, 2, 1].find((candidate) =>
    surfaces.every((surface) => contrastRatio(shades[candidate] ?? shades[0], surface) >= AA),
  );
  return shade ?? 0;
}

/**
 * What a colour's light and subtle variants write in, in the light scheme. Mantine's is shade 9, which reads below
 * WCAG AA on the variant's own tint (shade 1) for teal, green, lime, yellow and orange (yellow 2.7:1): those write
 * in the text colour on their tint, the others keep their hue.
 */
export function lightLightVariantColor(name: string, shades: MantineColorsTuple): string {
  const readable = [shades[1], '#ffffff'].every((surface) => contrastRatio(shades[9], surface) >= AA);
  return readable ? `var(--mantine-color-${name}-9)` : 'var(--mantine-color-text)';
}

/** The scheme-dependent variables the console sets once, instead of colouring components one by one. */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': LIGHT_DIMMED,
    ...Object.fromEntries(
      Object.entries(resolvedTheme.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [
          `--mantine-color-${name}-light-color`,
          lightLightVariantColor(name, shades),
        ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': DARK_DIMMED,
    ...Object.fromEntries(
      Object.entries(resolvedTheme.colors)
        .filter(([name]) => name !== 'dark')
        .map(([name, shades]) => [
          `--mantine-color-${name}-light-color`,
          `var(--mantine-color-${name}-${darkLightVariantShade(shades, resolvedTheme.colors.dark)})`,
        ]),
    ),
  },
});
