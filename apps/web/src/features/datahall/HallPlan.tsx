import { EMPTY_VALUE } from '@kelvin/domain';
import type { HallArrangement, HallUnit, Track } from './hallArrangement.ts';
import { UNKNOWN_PAINT, type TilePaint } from '../overview/tilePaint.ts';
import classes from './HallPlan.module.css';

const COLUMN_SIZES: Readonly<Record<Track, string>> = {
  unit: 'minmax(128px, 176px)',
  band: '56px',
  gap: '16px',
};
const ROW_SIZES: Readonly<Record<Track, string>> = { unit: 'auto', band: '40px', gap: '16px' };

export interface HallPlanProps {
  label: string;
  arrangement: HallArrangement<HallUnit>;
  /** Health per unit, in the one set of health colours. */
  paints: ReadonlyMap<number, TilePaint>;
  /** The chosen metric's formatted value per unit; absent when no metric is chosen. */
  values: ReadonlyMap<number, string> | null;
  metricName: string | null;
  onOpen: (assetId: number) => void;
}

/** A hall's units where they stand (see hallArrangement.ts), each with its health and the chosen metric's value. */
export function HallPlan({ label, arrangement, paints, values, metricName, onOpen }: HallPlanProps) {
  return (
    <div
      className={classes.plan}
      role="group"
      aria-label={label}
      style={{
        gridTemplateColumns: arrangement.columns.map((track) => COLUMN_SIZES[track]).join(' '),
        gridTemplateRows: arrangement.rows.map((track) => ROW_SIZES[track]).join(' '),
      }}
    >
      {arrangement.bands.map((band) => (
        <div
          key={`${band.row}-${band.column}`}
          className={classes.band}
          data-vertical={band.rowSpan > band.columnSpan || undefined}
          style={{
            gridRow: `${band.row} / span ${band.rowSpan}`,
            gridColumn: `${band.column} / span ${band.columnSpan}`,
          }}
        >
          {band.label}
        </div>
      ))}
      {arrangement.units.map(({ unit, row, column }) => {
        const paint = paints.get(unit.assetId) ?? UNKNOWN_PAINT;
        const value = values?.get(unit.assetId) ?? EMPTY_VALUE;
        const reading = metricName === null ? '' : `, ${metricName} ${value}`;
        // The name holds the tile's text in its order (name, state, value; the value is drawn second by CSS)
        // so that speech users can say what they see; the metric is named by the picker above the plan.
        return (
          <button
            key={unit.assetId}
            type="button"
            className={classes.unit}
            data-state={paint.key}
            data-unknown={paint === UNKNOWN_PAINT || undefined}
            style={{
              gridRow: row,
              gridColumn: column,
              ...(paint === UNKNOWN_PAINT ? {} : { background: paint.background, color: paint.color }),
            }}
            aria-label={`${unit.name}: ${paint.label}${values === null ? '' : `, ${value}`}`}
            title={`${unit.name}: ${paint.label}${reading}`}
            onClick={() => onOpen(unit.assetId)}
          >
            <span className={classes.name}>{unit.name}</span>{' '}
            <span className={classes.state}>{paint.label}</span>
            {values !== null && (
              <>
                {' '}
                <span className={classes.value}>{value}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
