import { Divider, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NavItem, NavSection } from './navItems.ts';

export interface ShellNavigationProps {
  sections: readonly NavSection[];
  active: NavItem | undefined;
  /** The icon rail: icons only, each named by its tooltip and accessible name. */
  rail: boolean;
  onNavigate: () => void;
}

/** The sections of the navigation with their entries, as labelled rows or as an icon rail. */
export function ShellNavigation({ sections, active, rail, onNavigate }: ShellNavigationProps) {
  return (
    <Stack gap={4}>
      {sections.map((section, index) => (
        <Stack key={section.title} gap={2} component="section" aria-label={section.title}>
          {rail ? (
            index > 0 && <Divider my={6} />
          ) : (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt={index > 0 ? 'sm' : 4} pb={2}>
              {section.title}
            </Text>
          )}
          {section.items.map((item) => {
            const isActive = item === active;
            const link = (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={rail ? undefined : item.label}
                aria-label={rail ? item.label : undefined}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                active={isActive}
                aria-current={isActive ? 'page' : undefined}
                onClick={onNavigate}
                styles={
                  rail ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined
                }
              />
            );
            return rail ? (
              <Tooltip key={item.to} label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

/** Collapses the navigation to the icon rail and back (wide screens only: a phone has the burger's drawer). */
export function RailToggle({ rail, onToggle }: { rail: boolean; onToggle: () => void }) {
  const label = rail ? 'Expand navigation' : 'Collapse navigation';
  const Icon = rail ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  const toggle = (
    <NavLink
      component="button"
      label={rail ? undefined : label}
      aria-label={rail ? label : undefined}
      aria-expanded={!rail}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      onClick={onToggle}
      c="dimmed"
      styles={rail ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined}
    />
  );
  return rail ? (
    <Tooltip label={label} position="right" withArrow>
      {toggle}
    </Tooltip>
  ) : (
    toggle
  );
}
