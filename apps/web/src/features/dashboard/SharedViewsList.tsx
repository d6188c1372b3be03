import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { useDiagnoseViews } from '../sharedViews/sharedViewsQueries.ts';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  PERSONAL: 'Personal',
  PUBLISHED: 'Company',
  GLOBAL: 'Global',
  PROVISIONAL: 'Draft',
};

/** The shared views the user may open: their own, their company's and global ones; each opens through its link. */
export function SharedViewsList() {
  const views = useDiagnoseViews();
  return (
    <QueryState query={views} label="the shared views">
      {(list) =>
        list.length === 0 ? (
          <EmptyState>No shared views yet. Save one from the diagnose screen to find it here.</EmptyState>
        ) : (
          <Stack
            gap={6}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="Shared views"
          >
            {list.map((view) => (
              <li key={view.sharedViewId}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/link/${view.sharedViewId}`} size="sm" fw={600} truncate>
                    {view.name}
                  </Anchor>
                  <Badge size="xs" variant="light">
                    {TYPE_LABELS[view.type] ?? view.type}
                  </Badge>
                </Group>
                {view.description && (
                  <Text size="xs" c="dimmed" truncate>
                    {view.description}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
