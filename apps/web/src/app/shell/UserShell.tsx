import { useEffect, useMemo, type ReactNode } from 'react';
import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { isExternalUser, passesChecks } from '@kelvin/domain';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { DemoModeBadge } from '../../features/settings/DemoModeBadge.tsx';
import { DisplayPreferencesGate } from '../../features/settings/DisplayPreferencesGate.tsx';
import { presentCompanyName } from '../../shared/preferences/names.ts';
import { useDemoMode } from '../../shared/preferences/displayPreferences.ts';
import { useProductTourHold } from '../../shared/ui/ProductTour.tsx';
import { sectionChecks } from '../router/sectionChecks.ts';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { CompanyLogo } from './CompanyLogo.tsx';
import { activeNavItem, visibleNavSections } from './navItems.ts';
import { RailToggle, ShellNavigation } from './ShellNavigation.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface UserShellProps {
  children: ReactNode;
  onSignOut: () => void;
}

/** Kept per browser: whether the navigation is the icon rail on wide screens. */
export const NAV_RAIL_STORAGE_KEY = 'kelvin.navigationRail';

const NAV_WIDTH = 232;
const RAIL_WIDTH = 64;

/**
 * The layout of the user area: header (logo, company, notifications, user menu), the navigation of the sections
 * the user may open, and the page. Wide screens show the navigation beside the page, collapsible to an icon rail;
 * a phone opens it as a drawer from the burger.
 */
export function UserShell({ children, onSignOut }: UserShellProps) {
  const [drawerOpened, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const [railChosen, setRailChosen] = useLocalStorage({
    key: NAV_RAIL_STORAGE_KEY,
    defaultValue: false,
    // Read at once, so that a reload draws the rail without first drawing the full navigation.
    getInitialValueInEffect: false,
  });
  // Mantine's sm breakpoint, where AppShell turns the navbar into a drawer.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const rail = railChosen && wide;
  const { pathname } = useLocation();
  const currentUser = useCurrentUser();
  const me = currentUser.data;
  const permissions = me?.permissions;
  // Matched against the whole route table once per user, not on every render of the shell.
  const sections = useMemo(
    () => (me ? visibleNavSections({ permissions: me.permissions, external: isExternalUser(me.user) }) : []),
    [me],
  );
  const active = activeNavItem(sections, pathname);
  // Subscribed so that the header's company name is masked (or not) the moment demo mode is switched.
  useDemoMode();

  // A tour would cover the open phone menu: it waits until the menu is closed.
  useProductTourHold(drawerOpened && !wide);
  // Whatever way the page changes (a link in the page, back), the phone's menu does not stay over it.
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: rail ? RAIL_WIDTH : NAV_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={toggleDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={drawerOpened}
            />
            <CompanyLogo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <DemoModeBadge />
            {currentUser.data && (
              <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={240}>
                {presentCompanyName(
                  currentUser.data.subscription.companyId,
                  currentUser.data.subscription.companyName,
                )}
              </Text>
            )}
            {/* Notifications tell of problems: only someone who may read problems has any. */}
            {permissions &&
              passesChecks(permissions, [...sectionChecks.problems, ...sectionChecks.tickets], true) && (
                <NotificationBell />
              )}
            <UserMenu onSignOut={onSignOut} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          <ShellNavigation sections={sections} active={active} rail={rail} onNavigate={closeDrawer} />
        </AppShell.Section>
        {wide && (
          <AppShell.Section pt="xs">
            <RailToggle rail={rail} onToggle={() => setRailChosen(!railChosen)} />
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <DisplayPreferencesGate>{children}</DisplayPreferencesGate>
      </AppShell.Main>
    </AppShell>
  );
}
