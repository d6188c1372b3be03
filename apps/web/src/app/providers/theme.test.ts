import { DEFAULT_THEME, defaultCssVariablesResolver, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, DARK_DIMMED, theme } from './theme.ts';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

describe('the console theme in the dark scheme', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { dark } = merged.colors;
  const mantine = defaultCssVariablesResolver(merged).dark;

  it('sets dimmed text once, for every component', () => {
    expect(cssVariablesResolver(merged).dark['--mantine-color-dimmed']).toBe(DARK_DIMMED);
  });

  it('keeps dimmed text at WCAG AA (4.5:1) on the body, papers and a selected light-variant row', () => {
    const selected = mantine['--mantine-color-blue-light'] ?? '';
    expect(selected).toMatch(/^rgba?\(/);
    for (const surface of [dark[7], dark[6], selected]) {
      expect(contrast(DARK_DIMMED, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps dimmed text quieter than text', () => {
    expect(luminance(DARK_DIMMED)).toBeLessThan(luminance(dark[0]));
  });
});
