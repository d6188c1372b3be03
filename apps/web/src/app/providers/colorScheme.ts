import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';
import type { ColorScheme } from '@kelvin/contract';

/**
 * The browser's copy of the user's colour scheme. The choice is the user's, kept on the server; this copy lets a
 * reload draw in the right scheme before the server has answered (the server's answer then wins).
 */
export const COLOR_SCHEME_STORAGE_KEY = 'kelvin.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Mantine calls following the device's setting 'auto'; the contract calls it 'system'. */
export const toMantineColorScheme = (scheme: ColorScheme): MantineColorScheme =>
  scheme === 'system' ? 'auto' : scheme;

export const fromMantineColorScheme = (scheme: MantineColorScheme): ColorScheme =>
  scheme === 'auto' ? 'system' : scheme;
