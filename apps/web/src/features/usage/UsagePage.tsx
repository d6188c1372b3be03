import { Button, Group, MultiSelect, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAddressState } from '../../shared/routing/useAddressState.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useCompanies } from '../companies/companiesQueries.ts';
import { ClientErrorsTab } from './ClientErrorsTab.tsx';
import { UsageActivity } from './UsageActivity.tsx';
import { usageCodec } from './usageAddress.ts';
import { USAGE_RANGES, useClientErrors, useUsage } from './usageQueries.ts';

/**
 * Usage (issue 25 item 5), for the provider's administrators: how the console is used (active users, screens,
 * events over time) and what breaks in browsers (client error groups), from our own server's records.
 */
export function UsagePage() {
  const [state, change] = useAddressState(usageCodec);
  const companies = useCompanies();
  const usage = useUsage(state.range, state.companyIds);
  const errors = useClientErrors(state.range);
  const refresh = () => void Promise.all([usage.refetch(), errors.refetch()]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Usage</Title>
          <Text c="dimmed" size="sm">
            Page views and events of signed-in users, and errors their browsers reported (days in UTC).
          </Text>
        </div>
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={usage.isFetching || errors.isFetching}
          onClick={refresh}
        >
          Refresh
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label="Range"
          data={USAGE_RANGES.map((range) => ({ value: range.value, label: range.label }))}
          value={state.range}
          allowDeselect={false}
          onChange={(value) => {
            const range = USAGE_RANGES.find((each) => each.value === value);
            if (range) change({ range: range.value });
          }}
          w={180}
        />
        <MultiSelect
          label="Companies"
          placeholder={state.companyIds.length === 0 ? 'All companies' : undefined}
          data={(companies.data ?? []).map((company) => ({
            value: String(company.companyId),
            label: company.name,
          }))}
          value={state.companyIds.map(String)}
          onChange={(values) => change({ companyIds: values.map(Number) })}
          searchable
          clearable
          disabled={state.tab === 'errors'}
          style={{ flex: '1 1 240px', maxWidth: 480 }}
        />
      </Group>
      <Tabs
        value={state.tab}
        onChange={(value) => change({ tab: value === 'errors' ? 'errors' : 'activity' })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="activity">Activity</Tabs.Tab>
          <Tabs.Tab value="errors">Client errors</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="activity" pt="md">
          <QueryState query={usage} label="usage">
            {(data) => <UsageActivity usage={data} />}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="errors" pt="md">
          <QueryState query={errors} label="client errors">
            {(data) => <ClientErrorsTab groups={data.content} />}
          </QueryState>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
