import { createContext, useContext } from 'react';
import { SegmentedControl } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';

/**
 * How tall a grid's rows are. Compact: one line a row (about 35 px), text cut with an ellipsis and shown whole in a
 * tooltip; comfortable: more room, text wraps.
 */
export type TableDensity = 'compact' | 'comfortable';

export const TABLE_DENSITY_KEY = 'kelvin.tableDensity';

/** Cell padding above and below, in px: 6 gives a one-line row of about 35 px with Mantine's sm text. */
export const DENSITY_SPACING: Readonly<Record<TableDensity, number>> = { compact: 6, comfortable: 12 };

const parseDensity = (value: string | undefined): TableDensity =>
  value === 'comfortable' ? 'comfortable' : 'compact';

/**
 * The density of every grid, kept per browser (one choice for all tables: a person who wants room wants it
 * everywhere). Every table using it follows a change at once (Mantine's storage hook tells the others).
 */
export function useTableDensity(): [TableDensity, (density: TableDensity) => void] {
  const [stored, setStored] = useLocalStorage<TableDensity>({
    key: TABLE_DENSITY_KEY,
    defaultValue: 'compact',
    getInitialValueInEffect: false,
  });
  return [parseDensity(stored), setStored];
}

const DensityContext = createContext<TableDensity>('comfortable');

export const PagedTableDensityProvider = DensityContext.Provider;

/**
 * The density of the table a cell is drawn in: a cell with two lines of content (a date over its time, a title
 * over its assets) puts them on one line when compact.
 */
export function usePagedTableDensity(): TableDensity {
  return useContext(DensityContext);
}

/** The switch under a table: a labelled radio group, so arrow keys move between the two. */
export function DensitySwitch({
  value,
  onChange,
}: {
  value: TableDensity;
  onChange: (density: TableDensity) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Row density"
      value={value}
      onChange={(next) => onChange(parseDensity(next))}
      data={[
        { value: 'compact', label: 'Compact' },
        { value: 'comfortable', label: 'Comfortable' },
      ]}
    />
  );
}
