import { Group, Text, ThemeIcon } from '@mantine/core';

/** The Kelvin word mark; a snowflake-like glyph keeps it dependency-free. */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label="Kelvin">
      <ThemeIcon size={size} radius="xl" aria-hidden>
        <span>K</span>
      </ThemeIcon>
      <Text fw={700} size={size} aria-hidden>
        Kelvin
      </Text>
    </Group>
  );
}
