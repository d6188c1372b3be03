import { Anchor, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MonitorGroup } from '@kelvin/contract';
import { QueryError } from '../../shared/ui/QueryState.tsx';
import { isLibrary, monitorGroupPaths } from './monitorGroupLinks.tsx';
import { useMonitorGroups, useRuleDefinitions } from './monitorGroupsQueries.ts';
import { RuleCard, RuleCardSkeletons } from './RuleCard.tsx';

const NONE = 'none';

export interface AssetMonitorGroupFieldsProps {
  companyId: number;
  companyName: string | undefined;
  /** The group chosen in the form (not necessarily saved yet). */
  monitorGroupId: number | null;
  onChange: (monitorGroupId: number | null) => void;
  disabled: boolean;
}

/**
 * The asset's monitor group, chosen among those its company may hold (its own and the library's), with the chosen
 * group's rules below, so that what the unit will be watched for is seen before saving.
 */
export function AssetMonitorGroupFields(props: AssetMonitorGroupFieldsProps) {
  const { companyId, monitorGroupId, onChange, disabled } = props;
  const groups = useMonitorGroups(companyId);
  const companyLabel = props.companyName ? `${props.companyName} groups` : 'Company groups';

  if (groups.isError) {
    return (
      <QueryError label="the monitor groups" error={groups.error} onRetry={() => void groups.refetch()} />
    );
  }
  const list = groups.data ?? [];
  const chosen = list.find((group) => group.monitorGroupId === monitorGroupId);
  const option = (group: MonitorGroup) => ({
    value: String(group.monitorGroupId),
    label: `${group.name} (${group.problemRuleDefinitionIds.length} ${group.problemRuleDefinitionIds.length === 1 ? 'rule' : 'rules'})`,
  });
  const data = [
    { value: NONE, label: 'No monitor group' },
    ...[
      { group: companyLabel, items: list.filter((group) => !isLibrary(group)).map(option) },
      { group: 'Library groups', items: list.filter(isLibrary).map(option) },
    ].filter((section) => section.items.length > 0),
  ];

  return (
    <Stack gap="sm">
      <Select
        label="Monitor group"
        description="The problem rules this asset is watched by"
        placeholder={groups.isPending ? 'Loading monitor groups…' : undefined}
        data={data}
        value={groups.isPending ? null : chosen ? String(chosen.monitorGroupId) : NONE}
        onChange={(value) => onChange(value === null || value === NONE ? null : Number(value))}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No monitor group matches"
        disabled={disabled || groups.isPending}
      />
      {groups.isPending ? null : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No monitor groups yet.{' '}
          <Anchor component={Link} to={monitorGroupPaths.groups(companyId)}>
            Create one under the company’s monitor groups
          </Anchor>
          .
        </Text>
      ) : monitorGroupId !== null && chosen === undefined ? (
        <Text size="sm" c="red" role="alert">
          Monitor group {monitorGroupId} is not one this asset’s company may hold; choose another.
        </Text>
      ) : chosen ? (
        <ChosenGroupRules group={chosen} companyId={companyId} />
      ) : (
        <Text size="sm" c="dimmed">
          Without a monitor group no problem rule watches this asset.
        </Text>
      )}
    </Stack>
  );
}

function ChosenGroupRules({ group, companyId }: { group: MonitorGroup; companyId: number }) {
  const rules = useRuleDefinitions(companyId);
  const held = (rules.data ?? []).filter((rule) =>
    group.problemRuleDefinitionIds.includes(rule.problemRuleDefinitionId),
  );
  return (
    <Stack gap="xs" aria-label={`Rules of ${group.name}`} component="section">
      <Text size="sm" fw={500}>
        Rules of{' '}
        <Anchor component={Link} to={monitorGroupPaths.group(companyId, group.monitorGroupId)}>
          {group.name}
        </Anchor>
      </Text>
      {rules.isError ? (
        <QueryError label="the rules" error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.isPending ? (
        <RuleCardSkeletons count={Math.max(1, Math.min(3, group.problemRuleDefinitionIds.length))} />
      ) : held.length === 0 ? (
        <Text size="sm" c="dimmed">
          This group holds no rules yet, so it watches nothing.
        </Text>
      ) : (
        held.map((rule) => <RuleCard key={rule.problemRuleDefinitionId} rule={rule} />)
      )}
    </Stack>
  );
}
