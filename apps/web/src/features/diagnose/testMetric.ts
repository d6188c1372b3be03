import type { Metric } from '@kelvin/contract';

/** A catalogue metric for tests: a plain line metric with the given id, alias and name. */
export const metric = (metricId: number, alias: string, name: string): Metric => ({
  metricId,
  alias,
  name,
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: null,
  path: alias,
  units: null,
  metadata: {},
  actionsPermitted: [],
});
