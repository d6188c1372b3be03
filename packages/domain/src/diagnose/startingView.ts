import type { Aggregation } from '../timeseries/aggregation.ts';
import {
  defaultDiagnoseView,
  GRID_COLUMNS,
  newGroup,
  type DiagnoseGroup,
  type DiagnoseViewData,
  type LayoutItem,
} from './diagnoseView.ts';

/** What a starting view needs to know of a metric the unit reports. */
export interface StartingMetric {
  alias: string;
}

/**
 * The charts a unit opens on, each a list of alias patterns in the order they are preferred. A template that
 * lacks the first choices falls back to the later ones; a chart none of whose patterns match is left out.
 */
const STARTING_CHARTS: readonly { id: string; name: string; max: number; patterns: readonly RegExp[] }[] = [
  {
    id: 'metrics',
    name: 'Temperatures',
    max: 4,
    patterns: [
      /^temperature\.supplyAir$/,
      /^temperature\.returnAir$/,
      /^temperature\.supplyAirSetpoint$/,
      /^temperature\.returnAirSetpoint$/,
      /^temperature\./,
    ],
  },
  {
    id: 'airflow',
    name: 'Airflow',
    max: 2,
    patterns: [/^airflow\./, /^fan\.\d+\.speed$/],
  },
  {
    id: 'alarms',
    name: 'Alarms',
    // The alarm level alone: its states label the axis (Normal … Critical), which a count beside it would undo.
    max: 1,
    patterns: [/^alarm\.level$/, /^alarm\.activeCount$/],
  },
];

/** The aliases a starting chart takes: each pattern's matches in the unit's order, no more than `max`. */
function pick(metrics: readonly StartingMetric[], patterns: readonly RegExp[], max: number): string[] {
  const chosen: string[] = [];
  for (const pattern of patterns) {
    for (const metric of metrics) {
      if (chosen.length >= max) return chosen;
      if (pattern.test(metric.alias) && !chosen.includes(metric.alias)) chosen.push(metric.alias);
    }
  }
  return chosen;
}

/** Whether the view is still the spec's default, untouched: the only view a unit's starting charts replace. */
export function isUntouchedDefault(view: DiagnoseViewData): boolean {
  const fresh = defaultDiagnoseView();
  const shape = (groups: readonly DiagnoseGroup[]) =>
    JSON.stringify(groups.map(({ id, name, type, aliases }) => ({ id, name, type, aliases })));
  return shape(view.groups) === shape(fresh.groups);
}

/**
 * The view a unit opens on when nothing was chosen yet: the spec's alert Gantt and Metrics group, the Metrics group
 * charting the unit's temperatures (and named so), with its airflow and alarms charted beside. A view someone
 * shaped (a group added, renamed or given metrics) is kept as it is, and so is the default for a unit whose
 * template matches none of the starting charts.
 */
export function startingView(
  view: DiagnoseViewData,
  metrics: readonly StartingMetric[],
  aggregationOf: (alias: string) => Aggregation,
): DiagnoseViewData {
  if (!isUntouchedDefault(view)) return view;
  const charts = STARTING_CHARTS.flatMap((chart) => {
    const aliases = pick(metrics, chart.patterns, chart.max);
    return aliases.length === 0 ? [] : [newGroup(chart.id, 'chart', chart.name, aliases, aggregationOf)];
  });
  if (charts.length === 0) return view;
  const [alertGantt] = view.groups;
  const alertItem = view.layout.find((item) => item.i === alertGantt?.id);
  const top = alertItem ? alertItem.y + alertItem.h : 0;
  // The first chart across the width, the others side by side below it (stacked on a phone).
  const [first, ...rest] = charts;
  const layout: LayoutItem[] = alertItem ? [alertItem] : [];
  if (first) layout.push({ i: first.id, x: 0, y: top, w: GRID_COLUMNS, h: 10, minH: 4 });
  const width = Math.floor(GRID_COLUMNS / Math.max(1, rest.length));
  rest.forEach((group, index) =>
    layout.push({ i: group.id, x: index * width, y: top + 10, w: width, h: 9, minH: 4 }),
  );
  return { ...view, groups: [...(alertGantt ? [alertGantt] : []), ...charts], layout };
}
