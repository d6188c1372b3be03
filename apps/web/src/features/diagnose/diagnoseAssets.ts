import { useEffect, useMemo } from 'react';
import type { Metric } from '@kelvin/contract';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { useAsset, useAssets } from '../assets/assetsQueries.ts';
import { updateDiagnoseView } from './diagnoseStore.ts';
import { useAssetMetricIds, useMetricCatalogue } from './diagnoseQueries.ts';

export interface DiagnoseAssets {
  /** The units charted: the focused one first, then those added beside it, by display name. */
  assets: { assetId: number; name: string }[];
  /** Metrics any of them reports, by alias: what the groups can chart (text metrics are not charted). */
  metricsByAlias: ReadonlyMap<string, Metric>;
  loadingMetrics: boolean;
}

/**
 * The diagnose screen's units. The unit in the address is the focused asset and always charted; a selection
 * that lacks it (another unit was opened) starts again from it alone.
 */
export function useDiagnoseAssets(
  assetId: number | undefined,
  selectedAssets: readonly number[],
): DiagnoseAssets {
  const focused = useAsset(assetId);
  const all = useAssets();
  const catalogue = useMetricCatalogue();
  const ids = useMemo(
    () => (assetId === undefined ? [] : selectedAssets.includes(assetId) ? [...selectedAssets] : [assetId]),
    [assetId, selectedAssets],
  );
  const reported = useAssetMetricIds(ids);

  useEffect(() => {
    if (assetId !== undefined && !selectedAssets.includes(assetId)) {
      updateDiagnoseView((view) => ({ ...view, selectedAssets: [assetId] }));
    }
  }, [assetId, selectedAssets]);

  const assets = useMemo(() => {
    const byId = new Map((all.data ?? []).map((asset) => [asset.assetId, asset]));
    if (focused.data) byId.set(focused.data.assetId, focused.data);
    return ids.flatMap((id) => {
      const asset = byId.get(id);
      return asset ? [{ assetId: id, name: displayAssetName(asset) }] : [];
    });
  }, [all.data, focused.data, ids]);

  const metricsByAlias = useMemo(() => {
    const reportedIds = new Set((reported.data ?? []).flatMap((entry) => entry.metricIds));
    const charted = (catalogue.data ?? []).filter(
      (metric) => reportedIds.has(metric.metricId) && metric.valueType !== 'string',
    );
    return new Map(charted.map((metric) => [metric.alias, metric]));
  }, [catalogue.data, reported.data]);

  return { assets, metricsByAlias, loadingMetrics: reported.isPending };
}
