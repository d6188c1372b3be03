import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Select, Stack, Title } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { MonitorGroup, ProblemRuleDefinition } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { EmptyState, QueryError } from '../../shared/ui/QueryState.tsx';
import { isLibrary } from './monitorGroupLinks.tsx';
import {
  useDeleteRuleDefinition,
  useRuleDefinitions,
  useUpdateMonitorGroup,
} from './monitorGroupsQueries.ts';
import { RuleCard, RuleCardSkeletons } from './RuleCard.tsx';
import { RuleEditorDialog } from './RuleEditorDialog.tsx';

export interface GroupRulesSectionProps {
  group: MonitorGroup;
  companyName: string;
  canWriteGroup: boolean;
}

type Editing = { rule: ProblemRuleDefinition | null } | null;

/**
 * The rules a group holds, with (for those who may change the group) a picker of the company's and the library's
 * other rules, a new rule made and added in one step, and per rule: edit, remove from the group, delete.
 */
export function GroupRulesSection({ group, companyName, canWriteGroup }: GroupRulesSectionProps) {
  const rules = useRuleDefinitions(group.companyId);
  const updateGroup = useUpdateMonitorGroup();
  const deleteRule = useDeleteRuleDefinition();
  const scope = usePermissionScope();
  const [editing, setEditing] = useState<Editing>(null);

  function setRules(ids: number[], message: string) {
    updateGroup.mutate(
      {
        monitorGroupId: group.monitorGroupId,
        name: group.name,
        description: group.description,
        problemRuleDefinitionIds: ids,
      },
      toastsFor(message),
    );
  }
  function confirmDelete(rule: ProblemRuleDefinition) {
    void modals.danger({
      title: 'Delete rule',
      message: `Delete ${rule.name}? It leaves every monitor group that holds it and its open alerts resolve.`,
      okLabel: 'Delete',
      onOk: () =>
        deleteRule
          .mutateAsync(rule.problemRuleDefinitionId)
          .then(() => toastsFor(`${rule.name} deleted`).onSuccess(), failWithToast),
    });
  }

  if (rules.isError) {
    return <QueryError label="the rules" error={rules.error} onRetry={() => void rules.refetch()} />;
  }
  const all = rules.data ?? [];
  const held = group.problemRuleDefinitionIds.flatMap(
    (id) => all.find((rule) => rule.problemRuleDefinitionId === id) ?? [],
  );
  const holdable = all.filter(
    (rule) =>
      !group.problemRuleDefinitionIds.includes(rule.problemRuleDefinitionId) &&
      (isLibrary(rule) || rule.companyId === group.companyId),
  );
  const option = (rule: ProblemRuleDefinition) => ({
    value: String(rule.problemRuleDefinitionId),
    label: rule.name,
  });
  const choices = [
    { group: `${companyName} rules`, items: holdable.filter((rule) => !isLibrary(rule)).map(option) },
    { group: 'Library rules', items: holdable.filter(isLibrary).map(option) },
  ].filter((section) => section.items.length > 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          Rules
        </Title>
        {canWriteGroup && (
          <Group gap="xs" align="flex-end">
            <Select
              aria-label="Add a rule"
              placeholder={
                rules.isPending ? 'Loading rules…' : choices.length === 0 ? 'No other rules' : 'Add a rule…'
              }
              data={choices}
              value={null}
              onChange={(value) => {
                const rule = holdable.find((one) => String(one.problemRuleDefinitionId) === value);
                if (rule) {
                  setRules(
                    [...group.problemRuleDefinitionIds, rule.problemRuleDefinitionId],
                    `${rule.name} added`,
                  );
                }
              }}
              searchable
              nothingFoundMessage="No rule matches"
              disabled={choices.length === 0 || updateGroup.isPending}
              w={240}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ rule: null })}
            >
              New rule
            </Button>
          </Group>
        )}
      </Group>
      {rules.isPending ? (
        <RuleCardSkeletons count={Math.max(1, Math.min(4, group.problemRuleDefinitionIds.length))} />
      ) : held.length === 0 ? (
        <EmptyState>
          {canWriteGroup
            ? `This group holds no rules yet: add one of ${isLibrary(group) ? 'the library’s' : `${companyName}’s or the library’s`} rules, or create a new one. Units holding it are not watched until it has rules.`
            : 'This group holds no rules yet, so the units holding it are not watched.'}
        </EmptyState>
      ) : (
        <Stack gap="xs">
          {held.map((rule) => {
            const canWriteRule = scope.forCompany('problemRules:write', rule.companyId);
            const actions = canWriteGroup || canWriteRule;
            return (
              <RuleCard
                key={rule.problemRuleDefinitionId}
                rule={rule}
                actions={
                  actions && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${rule.name}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {canWriteRule && (
                          <Menu.Item onClick={() => setEditing({ rule })}>Edit rule</Menu.Item>
                        )}
                        {canWriteGroup && (
                          <Menu.Item
                            onClick={() =>
                              setRules(
                                group.problemRuleDefinitionIds.filter(
                                  (id) => id !== rule.problemRuleDefinitionId,
                                ),
                                `${rule.name} removed from ${group.name}`,
                              )
                            }
                          >
                            Remove from group
                          </Menu.Item>
                        )}
                        {canWriteRule && (
                          <Menu.Item color="red" onClick={() => confirmDelete(rule)}>
                            Delete rule
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  )
                }
              />
            );
          })}
        </Stack>
      )}
      {editing && (
        <RuleEditorDialog
          rule={editing.rule}
          companyId={group.companyId}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing.rule === null) {
              setRules(
                [...group.problemRuleDefinitionIds, saved.problemRuleDefinitionId],
                `${saved.name} added`,
              );
            }
          }}
        />
      )}
    </Stack>
  );
}
