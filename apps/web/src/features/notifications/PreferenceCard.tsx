import { Checkbox, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { problemLevels, type NotificationPreference } from '@kelvin/contract';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { LEVEL_PAINTS } from '../problems/problemPaint.tsx';
import { useUpdateNotificationPreference } from './notificationsQueries.ts';

/** The signed-in user's choice for one company, saved as soon as it changes. */
export function PreferenceCard({ preference }: { preference: NotificationPreference }) {
  const update = useUpdateNotificationPreference();
  const save = (change: Partial<Pick<NotificationPreference, 'levels' | 'inConsole' | 'webhook'>>) =>
    update.mutate(
      {
        companyId: preference.companyId,
        levels: change.levels ?? preference.levels,
        inConsole: change.inConsole ?? preference.inConsole,
        webhook: change.webhook ?? preference.webhook,
      },
      {
        onSuccess: () => notify({ kind: 'success', message: 'Notification settings saved' }),
        onError: (error) => notify({ kind: 'danger', message: `Unable to save: ${errorMessage(error)}` }),
      },
    );
  const chooseLevels = (values: string[]) =>
    save({ levels: problemLevels.filter((level) => values.includes(level)) });
  const nothing = preference.levels.length === 0 || (!preference.inConsole && !preference.webhook);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preference-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="preference-title">
            Your notifications
          </Title>
          <Text size="sm" c="dimmed">
            Which of {preference.companyName}’s problems reach you, and how.
            {preference.isDefault && ' You have not chosen yet: these are the defaults.'}
          </Text>
        </div>
        <Checkbox.Group label="Levels" value={preference.levels} onChange={chooseLevels}>
          <Group gap="lg" mt={6}>
            {problemLevels.map((level) => (
              <Checkbox
                key={level}
                value={level}
                label={LEVEL_PAINTS[level].label}
                color={LEVEL_PAINTS[level].background}
                iconColor={LEVEL_PAINTS[level].color}
                disabled={update.isPending}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label="In the console"
          description="The bell in the header counts them; a new critical one also shows for a moment."
          checked={preference.inConsole}
          disabled={update.isPending}
          onChange={(event) => save({ inConsole: event.currentTarget.checked })}
        />
        <Switch
          label="By the company’s webhooks"
          description="Each delivery of these levels names you among its recipients, for the receiving system to reach you."
          checked={preference.webhook}
          disabled={update.isPending}
          onChange={(event) => save({ webhook: event.currentTarget.checked })}
        />
        {nothing && (
          <Text size="sm" c="orange" role="status">
            No problem of {preference.companyName} reaches you.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
