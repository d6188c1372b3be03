import { describe, expect, it } from 'vitest';
import {
  aliasPath,
  buildMetricTree,
  filterMetricTree,
  metricsUnder,
  shortenAlias,
  type MetricTreeNode,
} from './metricTree.ts';

const metric = (metricId: number, alias: string, name = alias) => ({ metricId, alias, name });

/** The tree as nested labels, metrics marked with their id, for readable expectations. */
function outline(nodes: readonly MetricTreeNode[]): unknown[] {
  return nodes.map((node) =>
    node.children.length === 0
      ? `${node.label}#${node.metric?.metricId ?? '-'}`
      : { [`${node.label}${node.metric ? `#${node.metric.metricId}` : ''}`]: outline(node.children) },
  );
}

describe('aliasPath', () => {
  it('splits on dots and names a numeric segment with the one before it', () => {
    expect(aliasPath('temperature.supplyAir')).toEqual(['temperature', 'supplyAir']);
    expect(aliasPath('compressor.2.suction.pressure')).toEqual([
      'compressor',
      'compressor 2',
      'suction',
      'pressure',
    ]);
    expect(aliasPath('fan.10.speed')).toEqual(['fan', 'fan 10', 'speed']);
  });

  it('keeps a leading number as it is, having nothing before it to name it with', () => {
    expect(aliasPath('1.supply')).toEqual(['1', 'supply']);
  });

  it("puts 'slot:/' aliases under 'uncategorized', whole", () => {
    expect(aliasPath('slot:/modbus/unit.3/reg.40001')).toEqual([
      'uncategorized',
      'slot:/modbus/unit.3/reg.40001',
    ]);
  });
});

describe('shortenAlias', () => {
  it('keeps aliases under 50 characters and shortens those of 50 or more around an ellipsis', () => {
    const short = 'a'.repeat(49);
    const long = `${'head.'.repeat(8)}middle.${'tail.'.repeat(4)}end`;
    expect(shortenAlias(short)).toBe(short);
    expect(shortenAlias('b'.repeat(50))).not.toBe('b'.repeat(50));
    const shown = shortenAlias(long);
    expect(shown.length).toBeLessThan(50);
    expect(shown.startsWith('head.head.')).toBe(true);
    expect(shown.endsWith('tail.end')).toBe(true);
    expect(shown).toContain('…');
  });
});

describe('buildMetricTree', () => {
  it('nests by alias, numbers in numeric order, uncategorized last', () => {
    const tree = buildMetricTree([
      metric(1, 'slot:/raw/1'),
      metric(2, 'fan.10.speed'),
      metric(3, 'fan.2.speed'),
      metric(4, 'fan.2.current'),
      metric(5, 'alarm.waterLeak'),
    ]);
    expect(outline(tree)).toEqual([
      { alarm: ['waterLeak#5'] },
      { fan: [{ 'fan 2': ['current#4', 'speed#3'] }, { 'fan 10': ['speed#2'] }] },
      { uncategorized: ['slot:/raw/1#1'] },
    ]);
    expect(tree[1]?.children[0]?.key).toBe('fan.fan 2');
  });

  it('lets a node be a metric and a group at once', () => {
    const tree = buildMetricTree([metric(1, 'power'), metric(2, 'power.total')]);
    expect(outline(tree)).toEqual([{ 'power#1': ['total#2'] }]);
  });

  it('finds every metric under a group, for choosing the whole group', () => {
    const [fan] = buildMetricTree([metric(1, 'fan.1.speed'), metric(2, 'fan.2.speed'), metric(3, 'pump')]);
    expect(fan ? metricsUnder(fan).map((one) => one.metricId) : []).toEqual([1, 2]);
  });
});

describe('filterMetricTree', () => {
  const tree = buildMetricTree([
    metric(1, 'temperature.supplyAir', 'Supply air temperature'),
    metric(2, 'temperature.returnAir', 'Return air temperature'),
    metric(3, 'fan.1.speed', 'Fan speed'),
  ]);

  it('keeps the metrics a search matches by alias, name or group, with the groups leading to them', () => {
    expect(outline(filterMetricTree(tree, 'SUPPLY'))).toEqual([{ temperature: ['supplyAir#1'] }]);
    expect(outline(filterMetricTree(tree, 'return air'))).toEqual([{ temperature: ['returnAir#2'] }]);
    expect(outline(filterMetricTree(tree, 'fan 1'))).toEqual([{ fan: [{ 'fan 1': ['speed#3'] }] }]);
    expect(outline(filterMetricTree(tree, 'temperature'))).toEqual([
      { temperature: ['returnAir#2', 'supplyAir#1'] },
    ]);
  });

  it('answers the whole tree for an empty search and nothing for a search that matches nothing', () => {
    expect(filterMetricTree(tree, '  ')).toEqual(tree);
    expect(filterMetricTree(tree, 'humidity')).toEqual([]);
  });
});
