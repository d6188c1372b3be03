import { naturalOrder } from '../../shared/formatting/naturalOrder.ts';
import { deviceLayout, propertyValue, type DeviceLayout, type PropertyLike } from '@kelvin/domain';

/**
 * How a data hall's units are drawn, by the hall's deviceLayout property (spec: default, vertical, cegeka,
 * equinix, quad, aws-tokyo). The spec names the layouts without drawing them; ours:
 *
 * - default: rows in a grid. Each row letter of the units' position property ('Row B, Position 2') is a row of
 *   the plan, its units in position order; units without a row fill rows of six after them.
 * - vertical: one column, for a hall whose units stand along one wall or a corridor.
 * - quad: blocks of four units, two by two (the units of one cooling module), three blocks to a line.
 * - cegeka: two walls facing each other across the white space: the first half of the units along the top
 *   wall, the rest along the bottom, the racks between them.
 * - equinix: the units' rows between contained aisles, cold and hot in turn, as in a hot/cold-aisle hall.
 * - aws-tokyo: two galleries either side of the hall: the first half of the units down the left, the rest down
 *   the right, the white space between them.
 *
 * Units are ordered by row letter, then position number, then name, so each layout follows the floor as
 * installers recorded it.
 */
export const LAYOUT_DESCRIPTIONS: Readonly<Record<DeviceLayout, string>> = {
  default: 'Rows in a grid, by each unit’s recorded row and position',
  vertical: 'One column along the wall',
  quad: 'Blocks of four units, two by two',
  cegeka: 'Two walls facing each other across the white space',
  equinix: 'Rows between cold and hot aisles',
  'aws-tokyo': 'Two galleries either side of the white space',
};

export interface HallUnit {
  assetId: number;
  name: string;
  properties: readonly PropertyLike[];
}

/** A grid track: a unit's width or height, a labelled band (aisle, white space), or a gap between blocks. */
export type Track = 'unit' | 'band' | 'gap';

export interface PlacedUnit<T extends HallUnit> {
  unit: T;
  /** 1-based grid lines. */
  row: number;
  column: number;
}

export interface HallBand {
  label: string;
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
}

export interface HallArrangement<T extends HallUnit> {
  layout: DeviceLayout;
  rows: Track[];
  columns: Track[];
  units: PlacedUnit<T>[];
  bands: HallBand[];
}

const PER_ROW = 6;
const BLOCKS_PER_LINE = 3;

/** 'Row B, Position 2' → row 1 (B), position 2; either part may be missing. */
export function parsePosition(properties: readonly PropertyLike[]): {
  row: number | null;
  position: number | null;
} {
  const text = propertyValue(properties, 'position') ?? '';
  const row = /\brow\s+([a-z]+)\b/i.exec(text)?.[1];
  const position = /\bposition\s+(\d+)\b/i.exec(text)?.[1];
  return { row: row ? rowIndexOf(row) : null, position: position === undefined ? null : Number(position) };
}

/** Row letters count like spreadsheet columns: A is 0, Z 25, AA 26. The regex let only ASCII letters in. */
function rowIndexOf(letters: string): number {
  let index = 0;
  const upper = letters.toUpperCase();
  for (let at = 0; at < upper.length; at++) index = index * 26 + upper.charCodeAt(at) - 64;
  return index - 1;
}

function ordered<T extends HallUnit>(units: readonly T[]): { unit: T; row: number | null }[] {
  return units
    .map((unit) => ({ unit, ...parsePosition(unit.properties) }))
    .sort(
      (a, b) =>
        (a.row ?? Infinity) - (b.row ?? Infinity) ||
        (a.position ?? Infinity) - (b.position ?? Infinity) ||
        naturalOrder(a.unit.name, b.unit.name),
    )
    .map(({ unit, row }) => ({ unit, row }));
}

/** The units as rows: one per recorded row letter in order, then the unplaced ones in rows of six. */
function unitRows<T extends HallUnit>(units: readonly T[]): T[][] {
  const rows = new Map<number, T[]>();
  const unplaced: T[] = [];
  for (const { unit, row } of ordered(units)) {
    if (row === null) unplaced.push(unit);
    else rows.set(row, [...(rows.get(row) ?? []), unit]);
  }
  const wrapped = Array.from({ length: Math.ceil(unplaced.length / PER_ROW) }, (_, index) =>
    unplaced.slice(index * PER_ROW, (index + 1) * PER_ROW),
  );
  return [...rows.values(), ...wrapped];
}

const repeat = (track: Track, count: number): Track[] =>
  Array.from({ length: Math.max(1, count) }, () => track);

function halves<T>(list: readonly T[]): [T[], T[]] {
  const half = Math.ceil(list.length / 2);
  return [list.slice(0, half), list.slice(half)];
}

export function arrangeHall<T extends HallUnit>(
  layout: DeviceLayout,
  units: readonly T[],
): HallArrangement<T> {
  const inOrder = ordered(units).map(({ unit }) => unit);
  switch (layout) {
    case 'vertical':
      return {
        layout,
        rows: repeat('unit', inOrder.length),
        columns: ['unit'],
        units: inOrder.map((unit, index) => ({ unit, row: index + 1, column: 1 })),
        bands: [],
      };
    case 'quad': {
      const blocks = Math.ceil(inOrder.length / 4);
      const lines = Math.ceil(blocks / BLOCKS_PER_LINE);
      const across = Math.min(blocks, BLOCKS_PER_LINE);
      // Each block is two unit tracks; a gap track separates blocks, across and down.
      const tracks = (count: number): Track[] =>
        Array.from({ length: count }).flatMap((_, index): Track[] =>
          index > 0 ? ['gap', 'unit', 'unit'] : ['unit', 'unit'],
        );
      return {
        layout,
        rows: tracks(lines),
        columns: tracks(across),
        units: inOrder.map((unit, index) => {
          const block = Math.floor(index / 4);
          const inBlock = index % 4;
          return {
            unit,
            row: Math.floor(block / BLOCKS_PER_LINE) * 3 + Math.floor(inBlock / 2) + 1,
            column: (block % BLOCKS_PER_LINE) * 3 + (inBlock % 2) + 1,
          };
        }),
        bands: [],
      };
    }
    case 'cegeka': {
      const [top, bottom] = halves(inOrder);
      const width = Math.max(1, top.length);
      return {
        layout,
        rows: ['unit', 'band', 'unit'],
        columns: repeat('unit', width),
        units: [
          ...top.map((unit, index) => ({ unit, row: 1, column: index + 1 })),
          ...bottom.map((unit, index) => ({ unit, row: 3, column: index + 1 })),
        ],
        bands: [{ label: 'White space', row: 2, column: 1, rowSpan: 1, columnSpan: width }],
      };
    }
    case 'aws-tokyo': {
      const [left, right] = halves(inOrder);
      const height = Math.max(1, left.length);
      return {
        layout,
        rows: repeat('unit', height),
        columns: ['unit', 'band', 'unit'],
        units: [
          ...left.map((unit, index) => ({ unit, row: index + 1, column: 1 })),
          ...right.map((unit, index) => ({ unit, row: index + 1, column: 3 })),
        ],
        bands: [{ label: 'White space', row: 1, column: 2, rowSpan: height, columnSpan: 1 }],
      };
    }
    case 'equinix': {
      const rows = unitRows(units);
      const width = Math.max(1, ...rows.map((row) => row.length));
      return {
        layout,
        rows: rows.flatMap((_, index): Track[] => (index > 0 ? ['band', 'unit'] : ['unit'])),
        columns: repeat('unit', width),
        units: rows.flatMap((row, rowIndex) =>
          row.map((unit, index) => ({ unit, row: rowIndex * 2 + 1, column: index + 1 })),
        ),
        bands: rows.slice(1).map((_, index) => ({
          label: index % 2 === 0 ? 'Cold aisle' : 'Hot aisle',
          row: index * 2 + 2,
          column: 1,
          rowSpan: 1,
          columnSpan: width,
        })),
      };
    }
    case 'default': {
      const rows = unitRows(units);
      return {
        layout,
        rows: repeat('unit', rows.length),
        columns: repeat('unit', Math.max(0, ...rows.map((row) => row.length))),
        units: rows.flatMap((row, rowIndex) =>
          row.map((unit, index) => ({ unit, row: rowIndex + 1, column: index + 1 })),
        ),
        bands: [],
      };
    }
  }
}

/**
 * The hall's layout: its own deviceLayout property; a hall without one takes the layout most of its units
 * record (the unit template asks for it per unit), else the default.
 */
export function hallLayout(
  hall: { properties: readonly PropertyLike[] },
  units: readonly HallUnit[],
): DeviceLayout {
  if (propertyValue(hall.properties, 'deviceLayout') !== null) return deviceLayout(hall.properties);
  const counts = new Map<DeviceLayout, number>();
  for (const unit of units) {
    if (propertyValue(unit.properties, 'deviceLayout') === null) continue;
    const layout = deviceLayout(unit.properties);
    counts.set(layout, (counts.get(layout) ?? 0) + 1);
  }
  let best: DeviceLayout = 'default';
  let most = 0;
  for (const [layout, count] of counts) {
    if (count > most) [best, most] = [layout, count];
  }
  return best;
}
