import {
  darken,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  luminance,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  cssVariablesResolver,
  DARK_DIMMED,
  darkLightVariantShade,
  LIGHT_DIMMED,
  lightLightVariantColor,
  theme,
} from './theme.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const { dark } = merged.colors;
const mantine = defaultCssVariablesResolver(merged).dark;
const ours = cssVariablesResolver(merged).dark;
const hues = Object.keys(merged.colors).filter((name) => name !== 'dark');

const shadesOf = (hue: string) => {
  const shades = merged.colors[hue];
  if (!shades) throw new Error(`No colour ${hue}`);
  return shades;
};

describe('the console theme in the dark scheme', () => {
  it('sets dimmed text once, for every component', () => {
    expect(ours['--mantine-color-dimmed']).toBe(DARK_DIMMED);
  });

  it('keeps dimmed text at WCAG AA (4.5:1) on the body, papers and a selected light-variant row', () => {
    const selected = mantine['--mantine-color-blue-light'] ?? '';
    expect(selected).toMatch(/^rgba?\(/);
    for (const surface of [dark[7], dark[6], selected]) {
      expect(contrastRatio(DARK_DIMMED, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps dimmed text quieter than text', () => {
    expect(luminance(DARK_DIMMED)).toBeLessThan(luminance(dark[0]));
  });

  it.each(hues)(
    'draws %s light and subtle variants (delete icons, state badges) in a shade of the hue, not near-white',
    (hue) => {
      const shade = darkLightVariantShade(shadesOf(hue), dark);
      // Mantine's own was shade 0: one almost-white for red, blue and gray alike.
      expect(mantine[`--mantine-color-${hue}-light-color`]).toBe(`var(--mantine-color-${hue}-0)`);
      expect(shade).toBeGreaterThanOrEqual(2);
      expect(ours[`--mantine-color-${hue}-light-color`]).toBe(`var(--mantine-color-${hue}-${shade})`);
    },
  );

  it.each(hues)('keeps %s light-variant text at WCAG AA on its tint, its hover tint and the body', (hue) => {
    const shades = shadesOf(hue);
    const text = shades[darkLightVariantShade(shades, dark)] ?? '';
    // The tints Mantine gives the light variant in the dark scheme (get-css-color-variables).
    for (const surface of [darken(shades[9], 0.5), darken(shades[9], 0.3), dark[7], dark[6]]) {
      expect(contrastRatio(text, surface), `${hue} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps red a strong red for delete icons (shade 4 or 3, not a pale pink)', () => {
    expect(darkLightVariantShade(shadesOf('red'), dark)).toBeGreaterThanOrEqual(3);
  });
});

describe('the console theme in the light scheme', () => {
  const { gray, blue } = merged.colors;

  it('sets dimmed text once, for every component', () => {
    expect(cssVariablesResolver(merged).light['--mantine-color-dimmed']).toBe(LIGHT_DIMMED);
  });

  it('keeps dimmed text at WCAG AA on white, light greys and a selected light-variant row (Mantine’s was 3.3:1)', () => {
    expect(contrastRatio(gray[6], '#ffffff')).toBeLessThan(4.5);
    // The light variant's tint in the light scheme is shade 1 (get-css-color-variables).
    for (const surface of ['#ffffff', gray[0], gray[1], blue[1]])
      expect(contrastRatio(LIGHT_DIMMED, surface), surface).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps dimmed text quieter than text', () => {
    expect(luminance(LIGHT_DIMMED)).toBeGreaterThan(luminance(merged.black));
  });

  it.each(hues)('writes %s light and subtle variants at WCAG AA on their tint and on white', (hue) => {
    const shades = shadesOf(hue);
    const color = lightLightVariantColor(hue, shades);
    expect(cssVariablesResolver(merged).light[`--mantine-color-${hue}-light-color`]).toBe(color);
    const text = color === 'var(--mantine-color-text)' ? merged.black : shades[9];
    for (const surface of [shades[1], '#ffffff'])
      expect(contrastRatio(text, surface), `${hue} on ${surface}`).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the hue where it reads (red, blue) and writes yellow in the text colour (2.7:1 before)', () => {
    expect(lightLightVariantColor('red', shadesOf('red'))).toBe('var(--mantine-color-red-9)');
    expect(lightLightVariantColor('blue', shadesOf('blue'))).toBe('var(--mantine-color-blue-9)');
    expect(lightLightVariantColor('yellow', shadesOf('yellow'))).toBe('var(--mantine-color-text)');
  });

  it('fills the primary colour with a blue that reads at WCAG AA with white text and as link text on white', () => {
    const primary = blue[8];
    expect(merged.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(blue[6], '#ffffff')).toBeLessThan(4.5);
  });
});
