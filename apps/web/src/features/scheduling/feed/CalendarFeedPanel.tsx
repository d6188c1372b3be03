import { Button, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { FEED_FUTURE_DAYS, FEED_PAST_DAYS } from '@kelvin/domain';
import { modals } from '../../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../../shared/api/mutationToasts.ts';
import { QueryState } from '../../../shared/ui/QueryState.tsx';
import { useCalendarFeed, useResetCalendarFeed } from './calendarFeedQueries.ts';

/**
 * The user's private calendar feed (issue 25 item 3): the secret URL that Google Calendar, Outlook and Apple
 * Calendar subscribe to, a copy button, where to paste it in each, and a reset for a URL that got out.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();

  const confirmReset = () =>
    void modals.danger({
      title: 'Reset calendar feed URL',
      message:
        'Calendars subscribed with the current URL stop receiving your entries at once. You then subscribe again with the new URL.',
      okLabel: 'Reset URL',
      onOk: () =>
        reset.mutateAsync().then(() => toastsFor('Calendar feed URL reset').onSuccess(), failWithToast),
    });

  return (
    <QueryState query={feed} label="your calendar feed">
      {({ url }) => (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Your feed URL"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy URL'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <List size="sm" spacing={4}>
            <List.Item>
              <b>Google Calendar</b>: Other calendars, +, From URL.
            </List.Item>
            <List.Item>
              <b>Outlook</b>: Add calendar, Subscribe from web.
            </List.Item>
            <List.Item>
              <b>Apple Calendar</b>: File, New Calendar Subscription.
            </List.Item>
          </List>
          <Text size="xs" c="dimmed">
            Anyone with this URL can read the entries you are planned for, from {FEED_PAST_DAYS} days back to{' '}
            {FEED_FUTURE_DAYS} days ahead. Calendar apps refresh a subscription every few hours.
          </Text>
          <Group>
            <Button
              variant="default"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={confirmReset}
              loading={reset.isPending}
            >
              Reset URL
            </Button>
          </Group>
        </Stack>
      )}
    </QueryState>
  );
}
