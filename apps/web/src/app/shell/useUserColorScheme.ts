import { useCallback, useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import type { ColorScheme } from '@kelvin/contract';
import { fromMantineColorScheme, toMantineColorScheme } from '../providers/colorScheme.ts';
import { notify } from '../toasts/toasts.ts';
import { useMyPreferences, useUpdateMyPreferences } from './preferencesQueries.ts';

/**
 * The signed-in user's colour scheme. The page draws at once in the scheme this browser last used (Mantine's
 * localStorage manager); when the server's answer arrives it wins (another device may have changed it, or another
 * user used this browser). A choice applies at once and is then saved for the user.
 */
export function useUserColorScheme(): { scheme: ColorScheme; choose: (scheme: ColorScheme) => void } {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const serverScheme = useMyPreferences().data?.colorScheme;
  const update = useUpdateMyPreferences();

  useEffect(() => {
    if (serverScheme !== undefined) setColorScheme(toMantineColorScheme(serverScheme));
  }, [serverScheme, setColorScheme]);

  const { mutate } = update;
  const choose = useCallback(
    (scheme: ColorScheme) => {
      setColorScheme(toMantineColorScheme(scheme));
      mutate(
        { colorScheme: scheme },
        {
          // The scheme stays for this browser; the user learns it was not kept for their other devices.
          onError: () =>
            notify({ kind: 'danger', message: 'The color scheme could not be saved to your account.' }),
        },
      );
    },
    [mutate, setColorScheme],
  );

  return { scheme: fromMantineColorScheme(colorScheme), choose };
}
