import { Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useOptionalIdParam } from '../../shared/routing/useIdParam.ts';
import { useNotificationPreferences } from './notificationsQueries.ts';
import { PreferenceCard } from './PreferenceCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/**
 * settingsNotifications (/user/settings/notifications/{companyId?}, needs notificationPreferences:manage): for the
 * company chosen (the user's own first), which problems reach the user and how, and the company's webhooks.
 */
export function NotificationSettingsPage() {
  const companyId = useOptionalIdParam('companyId');
  const navigate = useNavigate();
  const preferences = useNotificationPreferences();
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        Notification settings
      </Title>
      <QueryState query={preferences} label="notification settings">
        {({ preferences: rows }) => {
          const chosen =
            rows.find((row) => row.companyId === companyId) ??
            (companyId === undefined ? rows[0] : undefined);
          return (
            <>
              {rows.length > 1 && (
                <Select
                  label="Company"
                  data={rows.map((row) => ({ value: String(row.companyId), label: row.companyName }))}
                  value={chosen ? String(chosen.companyId) : null}
                  onChange={(value) =>
                    value !== null && void navigate(`/user/settings/notifications/${value}`)
                  }
                  searchable
                  allowDeselect={false}
                  maw={{ base: '100%', sm: 360 }}
                />
              )}
              {chosen ? (
                <>
                  <PreferenceCard preference={chosen} />
                  <WebhooksCard companyId={chosen.companyId} companyName={chosen.companyName} />
                </>
              ) : (
                <Text c="dimmed">
                  {rows.length === 0
                    ? 'There is no company whose notifications you may manage.'
                    : 'You may not manage the notifications of this company. Choose another above.'}
                </Text>
              )}
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
