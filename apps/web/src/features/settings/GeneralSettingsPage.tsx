import { useState, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarShare, IconClock, IconEyeOff, IconRuler2 } from '@tabler/icons-react';
import { hasPermission, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { UserPreferences, UserPreferencesUpdate } from '@kelvin/contract';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { useMyPreferences, useUpdateMyPreferences } from '../../app/shell/preferencesQueries.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { CalendarFeedPanel } from '../scheduling/feed/CalendarFeedPanel.tsx';
import { DemoModeSetting } from './DemoModeSetting.tsx';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';
import { UnitsProfileSetting } from './UnitsProfileSetting.tsx';

/** What each saved change says. */
const SAVED: Record<keyof UserPreferencesUpdate, string> = {
  colorScheme: 'Color scheme saved',
  timeZoneId: 'Time zone saved',
  unitsProfile: 'Units profile saved',
  demoMode: 'Demo mode saved',
};

/**
 * Settings → General (platform-core sections 2, 3 and 9): the time zone every time is shown in, the units values are
 * shown in, and demo mode. Each is saved for the user on the server as soon as it changes, so that another browser
 * reads the same.
 */
export function GeneralSettingsPage() {
  const preferences = useMyPreferences();
  const update = useUpdateMyPreferences();
  const me = useCurrentUser().data;
  // A feed lists the entries one is planned for: provider staff who may read schedules (customers are never planned).
  const hasCalendar =
    me !== undefined &&
    me.user.companyId === PROVIDER_COMPANY_ID &&
    hasPermission(me.permissions, { permission: 'schedules:read' });

  /** The changes on their way to the server: they show at once, and their controls wait. */
  const [saving, setSaving] = useState<UserPreferencesUpdate>({});

  const save = (change: UserPreferencesUpdate) => {
    const field = Object.keys(change).find(isUpdateKey);
    setSaving((pending) => ({ ...pending, ...change }));
    // Each save awaits its own answer (mutate's callbacks would fire for the latest call only), so two quick
    // changes each say whether they were kept.
    void update
      .mutateAsync(change)
      .then(
        () => notify({ kind: 'success', message: field ? SAVED[field] : 'Settings saved' }),
        (error: unknown) => notify({ kind: 'danger', message: errorMessage(error) }),
      )
      .finally(() => setSaving((pending) => withoutSettled(pending, change)));
  };

  return (
    <Stack maw={760} gap="lg">
      <div>
        <Title order={1}>General settings</Title>
        <Text c="dimmed" size="sm">
          How the console shows times, values and names to you. Changes are saved to your account at once and
          follow you to any browser.
        </Text>
      </div>
      <QueryState query={preferences} label="your settings">
        {(stored: UserPreferences) => {
          // The change being saved shows at once; if it fails the stored choice shows again, with the toast.
          const current: UserPreferences = { ...stored, ...saving };
          return (
            <Stack gap="md">
              <SettingCard
                icon={<IconClock size={20} aria-hidden />}
                title="Time zone"
                description="Every date and time in the console (tables, tickets, charts, form exports) is shown in this zone."
              >
                <TimeZoneSetting
                  value={current.timeZoneId}
                  saving={saving.timeZoneId !== undefined}
                  onChange={(timeZoneId) => save({ timeZoneId })}
                />
              </SettingCard>
              <SettingCard
                icon={<IconRuler2 size={20} aria-hidden />}
                title="Units"
                description="Readings are stored as the units report them. Imperial shows them converted wherever a value is shown: live view, charts, tables and forms."
              >
                <UnitsProfileSetting
                  value={current.unitsProfile}
                  saving={saving.unitsProfile !== undefined}
                  onChange={(unitsProfile) => save({ unitsProfile })}
                />
              </SettingCard>
              <SettingCard
                icon={<IconEyeOff size={20} aria-hidden />}
                title="Demo mode"
                description="For sharing your screen: company, site and asset names are replaced by stable stand-ins, the same each time, so nobody watching learns who or where they are."
              >
                <DemoModeSetting
                  value={current.demoMode}
                  saving={saving.demoMode !== undefined}
                  onChange={(demoMode) => save({ demoMode })}
                />
              </SettingCard>
            </Stack>
          );
        }}
      </QueryState>
      {hasCalendar && (
        <SettingCard
          icon={<IconCalendarShare size={20} aria-hidden />}
          title="Calendar feed"
          description="Your scheduled entries in the calendar you already use: subscribe to this private URL in Google Calendar, Outlook or Apple Calendar."
        >
          <CalendarFeedPanel />
        </SettingCard>
      )}
    </Stack>
  );
}

/** The pending changes less the settled one (a field changed again since stays pending with its newer value). */
function withoutSettled(
  pending: UserPreferencesUpdate,
  settled: UserPreferencesUpdate,
): UserPreferencesUpdate {
  const rest: UserPreferencesUpdate = {};
  if (pending.colorScheme !== undefined && pending.colorScheme !== settled.colorScheme)
    rest.colorScheme = pending.colorScheme;
  if (pending.timeZoneId !== undefined && pending.timeZoneId !== settled.timeZoneId)
    rest.timeZoneId = pending.timeZoneId;
  if (pending.unitsProfile !== undefined && pending.unitsProfile !== settled.unitsProfile)
    rest.unitsProfile = pending.unitsProfile;
  if (pending.demoMode !== undefined && pending.demoMode !== settled.demoMode)
    rest.demoMode = pending.demoMode;
  return rest;
}

function isUpdateKey(key: string): key is keyof UserPreferencesUpdate {
  return key in SAVED;
}

function SettingCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
