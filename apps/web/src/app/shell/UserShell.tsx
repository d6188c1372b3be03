import type { ReactNode } from 'react';
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { PRODUCT_UI_VERSION, passesChecks } from '@kelvin/domain';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { canOpenUserPath } from '../router/routeAccess.ts';
import { sectionChecks } from '../router/sectionChecks.ts';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { CompanyLogo } from './CompanyLogo.tsx';
import { navItems } from './navItems.ts';

export interface UserShellProps {
  children: ReactNode;
  onSignOut: () => void;
}

/** The layout of the user area: header, navigation of the sections the user may open, and the page. */
export function UserShell({ children, onSignOut }: UserShellProps) {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure(false);
  const { pathname } = useLocation();
  const currentUser = useCurrentUser();
  const permissions = currentUser.data?.permissions;
  const visibleItems = permissions
    ? navItems.filter(
        (item) => passesChecks(permissions, item.checks) && canOpenUserPath(permissions, item.to),
      )
    : [];

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger
              opened={navbarOpened}
              onClick={toggleNavbar}
              hiddenFrom="sm"
              size="sm"
              aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'}
            />
            <CompanyLogo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {currentUser.data && (
              <Text size="sm" c="dimmed" visibleFrom="xs">
                {currentUser.data.subscription.companyName}
              </Text>
            )}
            {/* Notifications tell of problems: only someone who may read problems has any. */}
            {permissions &&
              passesChecks(permissions, [...sectionChecks.problems, ...sectionChecks.tickets], true) && (
                <NotificationBell />
              )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea}>
          {visibleItems.map((item) => {
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={closeNavbar}
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap={4} pt="sm">
            {currentUser.data && (
              <>
                <Text size="sm" fw={600}>
                  {currentUser.data.user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {currentUser.data.subscription.companyName}
                </Text>
              </>
            )}
            <Button variant="light" size="xs" onClick={onSignOut}>
              Sign Out
            </Button>
            <Text size="xs" c="dimmed">
              Version {PRODUCT_UI_VERSION}
            </Text>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
