import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

/**
 * Dimmed text in the dark scheme. Mantine's own (dark.2, #828282) reads at 4.0:1 on the dark body and 3.4:1 on a
 * selected row's light-variant blue, below WCAG AA's 4.5:1 for the small print it is used for (places, units, times,
 * counts). This grey keeps it quieter than text (dark.0) and above 4.5:1 on the body, on papers and headers
 * (dark.6) and on the light variant's blue.
 */
export const DARK_DIMMED = '#a0a0a0';

/** The scheme-dependent variables the console sets once, instead of colouring components one by one. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-dimmed': DARK_DIMMED },
});
