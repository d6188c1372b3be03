import { useMemo } from 'react';
import { livePath, type Metric } from '@kelvin/contract';
import { walkFormElements, type FormElement } from '@kelvin/domain';
import { useAssetMetricIds, useMetricCatalogue } from '../../diagnose/diagnoseQueries.ts';
import { useLiveValueStore } from '../../live/liveValueStore.ts';
import type { MetricBinding } from './MetricReading.tsx';

/** Live readings reach the form at most once a second: a technician reads them, no chart draws them. */
const FLUSH_MS = 1000;
const NONE: ReadonlyMap<number, MetricBinding> = new Map();

/**
 * The live binding of every element bound to one of the unit's metrics (options.metricAlias), by association id:
 * the metric of that alias the unit reports, its live path, and one live store for all of them (the live view's).
 */
export function useMetricBindings(
  elements: readonly FormElement[] | undefined,
  assetId: number,
  timeZone: string,
): ReadonlyMap<number, MetricBinding> {
  const bound = useMemo(
    () =>
      walkFormElements(elements ?? []).filter(
        (element) => element.type !== 'group' && (element.formElementDefOptions.metricAlias ?? '') !== '',
      ),
    [elements],
  );
  const wanted = bound.length > 0;
  const catalogue = useMetricCatalogue();
  const reported = useAssetMetricIds(wanted ? [assetId] : []);
  const byAlias = useMemo(() => {
    const ids = new Set(reported.data?.find((entry) => entry.assetId === assetId)?.metricIds ?? []);
    const map = new Map<string, Metric>();
    for (const metric of catalogue.data ?? []) if (ids.has(metric.metricId)) map.set(metric.alias, metric);
    return map;
  }, [catalogue.data, reported.data, assetId]);
  const paths = useMemo(
    () =>
      bound.flatMap((element) => {
        const metric = byAlias.get(element.formElementDefOptions.metricAlias ?? '');
        return metric ? [livePath(assetId, metric.metricId)] : [];
      }),
    [bound, byAlias, assetId],
  );
  const live = useLiveValueStore(paths, FLUSH_MS);
  return useMemo(() => {
    if (!wanted) return NONE;
    const bindings = new Map<number, MetricBinding>();
    for (const element of bound) {
      const metric = byAlias.get(element.formElementDefOptions.metricAlias ?? '');
      bindings.set(element.formElementDefAssociationId, {
        live,
        path: metric ? livePath(assetId, metric.metricId) : null,
        metric,
        timeZone,
      });
    }
    return bindings;
  }, [wanted, bound, byAlias, live, assetId, timeZone]);
}
