import { describe, expect, it } from 'vitest';
import { DEVICE_LAYOUTS } from '@kelvin/domain';
import { arrangeHall, hallLayout, parsePosition, type HallUnit } from './hallArrangement.ts';

const unit = (assetId: number, position?: string, layout?: string): HallUnit => ({
  assetId,
  name: `U${String(assetId).padStart(2, '0')}`,
  properties: [
    ...(position ? [{ name: 'position', value: position }] : []),
    ...(layout ? [{ name: 'deviceLayout', value: layout }] : []),
  ],
});

/** Four rows of two, given out of order: A1 A2 / B1 B2 / C1 C2 / D1 D2. */
const rowsOfTwo = [
  unit(4, 'Row B, Position 2'),
  unit(1, 'Row A, Position 1'),
  unit(3, 'Row B, Position 1'),
  unit(2, 'Row A, Position 2'),
  unit(6, 'Row C, Position 2'),
  unit(5, 'Row C, Position 1'),
  unit(7, 'Row D, Position 1'),
  unit(8, 'Row D, Position 2'),
];

/** Where each unit stands, as 'assetId@row,column'. */
const cells = (arrangement: ReturnType<typeof arrangeHall>) =>
  arrangement.units.map(({ unit: placed, row, column }) => `${placed.assetId}@${row},${column}`);

describe('data hall arrangements', () => {
  it('reads row letters and positions', () => {
    expect(parsePosition([{ name: 'position', value: 'Row C, Position 12' }])).toEqual({
      row: 2,
      position: 12,
    });
    expect(parsePosition([{ name: 'position', value: 'row aa' }])).toEqual({ row: 26, position: null });
    expect(parsePosition([])).toEqual({ row: null, position: null });
  });

  it('default: a row of the plan per recorded row, in position order; unplaced units after, six a row', () => {
    const hall = arrangeHall('default', [...rowsOfTwo, unit(9), unit(10)]);
    expect(cells(hall)).toEqual([
      '1@1,1',
      '2@1,2',
      '3@2,1',
      '4@2,2',
      '5@3,1',
      '6@3,2',
      '7@4,1',
      '8@4,2',
      '9@5,1',
      '10@5,2',
    ]);
    expect(hall.rows).toHaveLength(5);
    expect(hall.columns).toEqual(['unit', 'unit']);
    const unplaced = arrangeHall(
      'default',
      Array.from({ length: 8 }, (_, index) => unit(index + 1)),
    );
    expect(unplaced.columns).toHaveLength(6);
    expect(cells(unplaced).slice(5)).toEqual(['6@1,6', '7@2,1', '8@2,2']);
  });

  it('vertical: one column in order', () => {
    expect(cells(arrangeHall('vertical', rowsOfTwo.slice(0, 3)))).toEqual(['1@1,1', '3@2,1', '4@3,1']);
  });

  it('quad: blocks of two by two with a gap between blocks', () => {
    const hall = arrangeHall('quad', [...rowsOfTwo, unit(9)]);
    expect(cells(hall)).toEqual([
      '1@1,1',
      '2@1,2',
      '3@2,1',
      '4@2,2',
      '5@1,4',
      '6@1,5',
      '7@2,4',
      '8@2,5',
      '9@1,7',
    ]);
    expect(hall.columns).toEqual(['unit', 'unit', 'gap', 'unit', 'unit', 'gap', 'unit', 'unit']);
    expect(hall.rows).toEqual(['unit', 'unit']);
  });

  it('cegeka: half along each of two facing walls, the white space between', () => {
    const hall = arrangeHall('cegeka', rowsOfTwo.slice(0, 5));
    expect(cells(hall)).toEqual(['1@1,1', '2@1,2', '3@1,3', '4@3,1', '6@3,2']);
    expect(hall.bands).toEqual([{ label: 'White space', row: 2, column: 1, rowSpan: 1, columnSpan: 3 }]);
  });

  it('equinix: rows between aisles, cold and hot in turn', () => {
    const hall = arrangeHall('equinix', rowsOfTwo);
    expect(hall.rows).toEqual(['unit', 'band', 'unit', 'band', 'unit', 'band', 'unit']);
    expect(hall.bands.map((band) => `${band.label}@${band.row}`)).toEqual([
      'Cold aisle@2',
      'Hot aisle@4',
      'Cold aisle@6',
    ]);
    expect(cells(hall).slice(0, 4)).toEqual(['1@1,1', '2@1,2', '3@3,1', '4@3,2']);
  });

  it('aws-tokyo: half down each gallery, the white space between', () => {
    const hall = arrangeHall('aws-tokyo', rowsOfTwo.slice(0, 4));
    expect(cells(hall)).toEqual(['1@1,1', '2@2,1', '3@1,3', '4@2,3']);
    expect(hall.columns).toEqual(['unit', 'band', 'unit']);
    expect(hall.bands[0]).toMatchObject({ label: 'White space', column: 2, rowSpan: 2 });
  });

  it('places every unit once, in a cell of its own, whatever the layout', () => {
    const units = [...rowsOfTwo, unit(9), unit(10, 'Row A, Position 3'), unit(11)];
    for (const layout of DEVICE_LAYOUTS) {
      const hall = arrangeHall(layout, units);
      expect(hall.units.map((placed) => placed.unit.assetId).sort((a, b) => a - b)).toEqual(
        units.map((one) => one.assetId).sort((a, b) => a - b),
      );
      expect(new Set(cells(hall).map((cell) => cell.split('@')[1])).size).toBe(units.length);
      for (const placed of hall.units) {
        expect(hall.rows[placed.row - 1]).toBe('unit');
        expect(hall.columns[placed.column - 1]).toBe('unit');
      }
    }
  });

  it("takes the hall's own layout, else the one most of its units record, else the default", () => {
    const units = [unit(1, undefined, 'quad'), unit(2, undefined, 'quad'), unit(3, undefined, 'vertical')];
    expect(hallLayout({ properties: [{ name: 'deviceLayout', value: 'equinix' }] }, units)).toBe('equinix');
    expect(hallLayout({ properties: [] }, units)).toBe('quad');
    expect(hallLayout({ properties: [] }, [unit(1)])).toBe('default');
  });
});
