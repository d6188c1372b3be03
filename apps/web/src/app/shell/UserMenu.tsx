import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconLogout, IconMoon, IconSun, type TablerIcon } from '@tabler/icons-react';
import type { ColorScheme } from '@kelvin/contract';
import { PRODUCT_UI_VERSION } from '@kelvin/domain';
import { useProductTourHold } from '../../shared/ui/ProductTour.tsx';
import { useCurrentUser } from '../session/useCurrentUser.ts';
import { useUserColorScheme } from './useUserColorScheme.ts';

const schemeChoices: readonly { scheme: ColorScheme; label: string; icon: TablerIcon }[] = [
  { scheme: 'light', label: 'Light', icon: IconSun },
  { scheme: 'dark', label: 'Dark', icon: IconMoon },
  { scheme: 'system', label: 'System', icon: IconDeviceDesktop },
];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/** The header's user menu: who is signed in and for which company, the colour scheme, signing out, the version. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const me = useCurrentUser().data;
  const { scheme, choose } = useUserColorScheme();
  const name = me?.user.name ?? '';
  const [opened, setOpened] = useState(false);
  // A tour's ring and card would cover the open menu: the tour waits until it closes.
  useProductTourHold(opened);

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      // Mantine's focus placeholder is a focusable child the menu role does not allow (axe: aria-required-children).
      withInitialFocusPlaceholder={false}
      width={240}
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        {/* Named by what it shows (the user's name) and what it is, also on a phone where the name is hidden. */}
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size={32} radius="xl" color="blue" aria-hidden>
              {initialsOf(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" truncate maw={160}>
              {name}
            </Text>
            <VisuallyHidden hiddenFrom="md">{name}</VisuallyHidden>
            <VisuallyHidden>, user menu</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {me && (
          <div style={{ padding: '6px 12px' }}>
            <Text size="sm" fw={600} truncate>
              {me.user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me.subscription.companyName}
            </Text>
          </div>
        )}
        <Menu.Divider />
        <Menu.Label>Color scheme</Menu.Label>
        <Menu.RadioGroup
          value={scheme}
          onChange={(value) => {
            const choice = schemeChoices.find((candidate) => candidate.scheme === value);
            if (choice) choose(choice.scheme);
          }}
        >
          {schemeChoices.map((choice) => (
            <Menu.RadioItem
              key={choice.scheme}
              value={choice.scheme}
              rightSection={<choice.icon size={16} aria-hidden />}
            >
              {choice.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Sign Out
        </Menu.Item>
        <Menu.Label>Version {PRODUCT_UI_VERSION}</Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
