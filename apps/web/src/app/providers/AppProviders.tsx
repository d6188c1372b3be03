import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ModalHost } from '../modals/ModalHost.tsx';
import { VersionBanner } from '../version/VersionBanner.tsx';
import { colorSchemeManager } from './colorScheme.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests pass 'test' to turn off transitions. */
  env?: 'default' | 'test';
  /** Tests leave the version poll out. */
  withVersionCheck?: boolean;
}

/** Theme (in the scheme the browser last used for this user), toasts, server-state cache, dialogs and the version banner around the router. */
export function AppProviders({
  queryClient,
  children,
  env = 'default',
  withVersionCheck = true,
}: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {withVersionCheck && <VersionBanner />}
        {children}
        <ModalHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
