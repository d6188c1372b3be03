import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useMyPreferences } from '../../app/shell/preferencesQueries.ts';

/**
 * Holds the page until the user's preferences have been read (a small answer, asked alongside the user's own), so
 * that no screen first draws its times, values and names the browser's way and then another: a table cell reads
 * the zone when it draws. If they cannot be read the page draws with the defaults.
 */
export function DisplayPreferencesGate({ children }: { children: ReactNode }) {
  const preferences = useMyPreferences();
  if (preferences.isPending) {
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label="Loading your preferences" />
      </Center>
    );
  }
  return children;
}
