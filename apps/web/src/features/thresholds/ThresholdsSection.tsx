import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Asset } from '@kelvin/contract';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useUpdateAsset } from '../assets/assetsQueries.ts';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { ThresholdLimitsEditor } from './ThresholdLimitsEditor.tsx';
import { useCreateThresholdGroup, useThresholdGroups, useUpdateThresholdGroup } from './thresholdsQueries.ts';

export interface ThresholdsSectionProps {
  asset: Asset;
  canWrite: boolean;
}

const NONE = 'none';

/**
 * The asset's thresholds in its monitoring tab: which of its company's threshold groups holds it (attached at
 * once), a new group made and attached in one step, and the chosen group's limits (shared by every asset of
 * the group, which the tab says).
 */
export function ThresholdsSection({ asset, canWrite }: ThresholdsSectionProps) {
  const groups = useThresholdGroups(asset.companyId);
  const catalogue = useMetricCatalogue();
  const attach = useUpdateAsset(asset.assetId);
  const create = useCreateThresholdGroup();
  const save = useUpdateThresholdGroup();
  const [newName, setNewName] = useState<string | null>(null);

  function attachGroup(thresholdGroupId: number | null, message: string) {
    attach.mutate({ thresholdGroupId }, toastsFor(message));
  }
  function createGroup() {
    const name = newName?.trim() ?? '';
    if (name === '') return;
    create.mutate(
      { companyId: asset.companyId, name },
      {
        ...toastsFor(`Threshold group ${name} created`),
        onSuccess: (group) => {
          setNewName(null);
          attachGroup(group.thresholdGroupId, `${name} holds this asset now`);
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Thresholds
      </Title>
      <QueryState query={groups} label="the threshold groups">
        {(list) => {
          const chosen = list.find((group) => group.thresholdGroupId === asset.thresholdGroupId);
          return (
            <Stack gap="sm">
              <Group align="flex-end" gap="xs">
                <Select
                  label="Threshold group"
                  data={[
                    { value: NONE, label: 'No thresholds' },
                    ...list.map((group) => ({ value: String(group.thresholdGroupId), label: group.name })),
                  ]}
                  value={chosen ? String(chosen.thresholdGroupId) : NONE}
                  onChange={(value) =>
                    attachGroup(
                      value === null || value === NONE ? null : Number(value),
                      value === NONE ? 'Thresholds removed from this asset' : 'Threshold group attached',
                    )
                  }
                  allowDeselect={false}
                  disabled={!canWrite || attach.isPending}
                  w={280}
                />
                {canWrite && newName === null && (
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                    onClick={() => setNewName('')}
                  >
                    New group
                  </Button>
                )}
              </Group>
              {newName !== null && (
                <Group align="flex-end" gap="xs">
                  <TextInput
                    label="Name of the new group"
                    value={newName}
                    onChange={(event) => setNewName(event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') createGroup();
                      if (event.key === 'Escape') setNewName(null);
                    }}
                    autoFocus
                    w={280}
                  />
                  <Button onClick={createGroup} loading={create.isPending} disabled={newName.trim() === ''}>
                    Create and attach
                  </Button>
                  <Button variant="default" onClick={() => setNewName(null)}>
                    Cancel
                  </Button>
                </Group>
              )}
              {chosen ? (
                <Stack gap="xs">
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      Limits of {chosen.name}
                    </Text>
                    <Badge variant="light" color="gray">
                      {chosen.assetCount === 1
                        ? 'Used by this asset'
                        : `Shared by ${chosen.assetCount} assets`}
                    </Badge>
                  </Group>
                  <ThresholdLimitsEditor
                    key={`${chosen.thresholdGroupId}:${chosen.updatedAt}`}
                    groupName={chosen.name}
                    limits={chosen.limits}
                    metrics={catalogue.data ?? []}
                    canWrite={canWrite}
                    saving={save.isPending}
                    onSave={(limits) =>
                      save.mutate(
                        { thresholdGroupId: chosen.thresholdGroupId, limits },
                        toastsFor('Limits saved'),
                      )
                    }
                  />
                </Stack>
              ) : (
                <Text c="dimmed" size="sm">
                  This asset is held to no limits. Choose a threshold group
                  {canWrite ? ' or make a new one' : ''}.
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
