import { useMemo } from 'react';
import type { Asset, Metric } from '@kelvin/contract';
import { reportsOwnReadings } from '@kelvin/domain';
import { displayAssetName } from '../../shared/preferences/names.ts';
import { paletteColor, CHART_PALETTE } from '../../shared/charts/palette.ts';
import { useAssets } from '../assets/assetsQueries.ts';
import { useAssetMetricIds, useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';

/** A unit as the page shows it: its name, and the colour and dash its line has on every chart. */
export interface ComparedUnit {
  assetId: number;
  name: string;
  color: string;
  /** The palette has six colours: units seven to twelve take them again, dashed. */
  dashed: boolean;
}

export interface ComparedUnits {
  /** The picked units the user may see and that report readings, in the order picked. */
  units: ComparedUnit[];
  /** Picked ids that are not such units (a link to another company's unit, or to a site). */
  leftOut: number[];
  /** Every metric any of the units reports, from the catalogue. */
  metrics: Metric[];
  /** The metric ids each unit reports: a unit without one shows 'Not reported' rather than a missing value. */
  reported: ReadonlyMap<number, ReadonlySet<number>>;
  /** The user's assets, for telling units from sites and halls in the picker. */
  assetsById: ReadonlyMap<number, Asset>;
  loadingUnits: boolean;
  loadingMetrics: boolean;
  error: Error | null;
  retry: () => void;
}

/** The units picked for comparison, their names and colours, and the metrics they report. */
export function useComparedUnits(assetIds: readonly number[]): ComparedUnits {
  const assets = useAssets();
  const catalogue = useMetricCatalogue();
  const assetsById = useMemo(
    () => new Map((assets.data ?? []).map((asset) => [asset.assetId, asset])),
    [assets.data],
  );
  const { units, leftOut } = useMemo(() => {
    if (!assets.data) return { units: [], leftOut: [] };
    const known = assetIds.flatMap((assetId) => {
      const asset = assetsById.get(assetId);
      return asset && reportsOwnReadings(asset.assetTypeId)
        ? [{ assetId, name: displayAssetName(asset) }]
        : [];
    });
    return {
      units: known.map((unit, index) => ({
        ...unit,
        color: paletteColor(index),
        dashed: index >= CHART_PALETTE.length,
      })),
      leftOut: assetIds.filter((assetId) => !known.some((unit) => unit.assetId === assetId)),
    };
  }, [assets.data, assetsById, assetIds]);

  const unitIds = useMemo(() => units.map((unit) => unit.assetId), [units]);
  const reportedQuery = useAssetMetricIds(unitIds);
  const reported = useMemo(
    () => new Map((reportedQuery.data ?? []).map((entry) => [entry.assetId, new Set(entry.metricIds)])),
    [reportedQuery.data],
  );
  const metrics = useMemo(() => {
    const any = new Set([...reported.values()].flatMap((ids) => [...ids]));
    return (catalogue.data ?? []).filter((metric) => any.has(metric.metricId));
  }, [catalogue.data, reported]);

  const failed = [assets, catalogue, reportedQuery].find((query) => query.isError);
  return {
    units,
    leftOut,
    metrics,
    reported,
    assetsById,
    loadingUnits: assets.isPending,
    loadingMetrics: catalogue.isPending || (unitIds.length > 0 && reportedQuery.isPending),
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
  };
}
