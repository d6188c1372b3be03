import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { Asset } from '@kelvin/contract';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useMoveAsset } from './assetsQueries.ts';
import {
  assetDisplayName,
  placementError,
  placementRule,
  isKnownAssetType,
  wouldCreateCycle,
} from '@kelvin/domain';

const COMPANY_ROOT = 'company';

/** The chain of parent ids above an asset, from the company's own list. */
function ancestorIds(assetId: number, byId: ReadonlyMap<number, Asset>): number[] {
  const ids: number[] = [];
  let current = byId.get(assetId)?.parentAssetId ?? null;
  while (current !== null && !ids.includes(current)) {
    ids.push(current);
    current = byId.get(current)?.parentAssetId ?? null;
  }
  return ids;
}

/**
 * Offers only the parents the hierarchy allows and that are not the asset's own descendants; the server
 * checks the same rules and its message is shown if it still refuses.
 */
export function MoveAssetForm({
  asset,
  companyAssets,
  onDone,
}: {
  asset: Asset;
  companyAssets: readonly Asset[];
  onDone: () => void;
}) {
  const move = useMoveAsset();
  const byId = new Map(companyAssets.map((item) => [item.assetId, item]));
  const options = [
    ...(placementError(asset.assetTypeId, null) === null
      ? [{ value: COMPANY_ROOT, label: 'Directly under the company' }]
      : []),
    ...companyAssets
      .filter(
        (candidate) =>
          candidate.assetId !== asset.parentAssetId &&
          placementError(asset.assetTypeId, candidate.assetTypeId) === null &&
          !wouldCreateCycle(asset.assetId, candidate.assetId, ancestorIds(candidate.assetId, byId)),
      )
      .map((candidate) => ({ value: String(candidate.assetId), label: assetDisplayName(candidate) })),
  ].filter((option) => !(option.value === COMPANY_ROOT && asset.parentAssetId === null));
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    if (target === null) {
      setError('Choose the new parent');
      return;
    }
    setError(null);
    try {
      await move
        .mutateAsync({
          assetId: asset.assetId,
          parentAssetId: target === COMPANY_ROOT ? null : Number(target),
        })
        .catch(failWithToast);
      toastsFor(`${assetDisplayName(asset)} moved`).onSuccess();
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Move asset">
      <Stack>
        {isKnownAssetType(asset.assetTypeId) && (
          <Text size="sm" c="dimmed">
            {placementRule(asset.assetTypeId)}
          </Text>
        )}
        {options.length === 0 ? (
          <Text>There is no other place this asset may go.</Text>
        ) : (
          <Select label="New parent" data={options} value={target} onChange={setTarget} searchable required />
        )}
        {error !== null && (
          <Alert color="red" role="alert" title="Not moved">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={move.isPending} disabled={options.length === 0}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
