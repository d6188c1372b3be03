import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { FleetGroup } from './fleetGroups.ts';
import { UNKNOWN_PAINT, type TilePaint } from './tilePaint.ts';
import classes from './UnitTiles.module.css';

export interface UnitTileGroupProps {
  group: FleetGroup;
  /** One per unit of the group, in its order. */
  paints: readonly TilePaint[];
  showNames: boolean;
  /** Write each tile's value beside its name (a metric's value; states are told by the colour). */
  showValues: boolean;
  onOpen: (assetId: number) => void;
}

function tileOf(target: EventTarget): HTMLButtonElement | null {
  return target instanceof Element ? target.closest<HTMLButtonElement>('button[data-asset-id]') : null;
}

/** Tiles in the same row as the first: how far Up and Down move. */
function tilesPerRow(tiles: readonly HTMLElement[]): number {
  const top = tiles[0]?.offsetTop;
  const count = tiles.findIndex((tile) => tile.offsetTop !== top);
  return count <= 0 ? tiles.length : count;
}

const MOVES: Readonly<Record<string, (index: number, perRow: number, last: number) => number>> = {
  ArrowRight: (index, _perRow, last) => Math.min(last, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowDown: (index, perRow, last) => Math.min(last, index + perRow),
  ArrowUp: (index, perRow) => Math.max(0, index - perRow),
  Home: () => 0,
  End: (_index, _perRow, last) => last,
};

/**
 * The tiles of one group. One click and one key handler for the whole group (no closure per tile), and one tab
 * stop: Tab enters at the first tile, the arrow keys, Home and End move inside the group, Enter or Space opens.
 */
function UnitTileGroupView({ group, paints, showNames, showValues, onOpen }: UnitTileGroupProps) {
  const handleClick = (event: MouseEvent<HTMLUListElement>) => {
    const tile = tileOf(event.target);
    if (tile) onOpen(Number(tile.dataset.assetId));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = MOVES[event.key];
    const tile = tileOf(event.target);
    if (!move || !tile) return;
    const tiles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-asset-id]')];
    const next = tiles[move(tiles.indexOf(tile), tilesPerRow(tiles), tiles.length - 1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  // A hall's group is named by the hall; units outside halls by where they hang.
  const place = group.datahallId === null ? group.path : group.path.slice(0, -1);
  const name = group.datahallId === null ? 'Outside data halls' : (group.path.at(-1) ?? '');

  return (
    <section className={classes.group} aria-label={[...place, name].join(' › ')}>
      <h3 className={classes.heading}>
        {place.length > 0 && <span className={classes.path}>{place.join(' › ')} › </span>}
        {name} <span className={classes.count}>({group.units.length})</span>
      </h3>
      {/* The list holds buttons: its handlers only route their clicks and arrow keys. */}
      <ul
        className={classes.tiles}
        data-named={showNames || undefined}
        data-valued={(showNames && showValues) || undefined}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
      >
        {group.units.map((unit, index) => {
          const paint = paints[index] ?? UNKNOWN_PAINT;
          return (
            <li key={unit.assetId}>
              {/* As few attributes as will do: 5,000 tiles pay for each one. The tooltip only where the name is
                  not written on the tile. */}
              <button
                type="button"
                className={classes.tile}
                data-asset-id={unit.assetId}
                data-state={paint.key}
                data-unknown={paint === UNKNOWN_PAINT || undefined}
                tabIndex={index === 0 ? 0 : -1}
                style={{ background: paint.background, color: paint.color }}
                title={showNames ? undefined : `${unit.name}: ${paint.label}`}
                aria-label={`${unit.name}: ${paint.label}`}
              >
                {showNames && showValues ? (
                  <>
                    <span className={classes.name}>{unit.name}</span>
                    <span className={classes.value}>{paint === UNKNOWN_PAINT ? '' : paint.label}</span>
                  </>
                ) : showNames ? (
                  unit.name
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Paints are shared objects: a group whose paints are the same objects as last time is not rendered again. */
function samePaints(a: UnitTileGroupProps, b: UnitTileGroupProps): boolean {
  if (a.group !== b.group || a.showNames !== b.showNames || a.showValues !== b.showValues) return false;
  if (a.onOpen !== b.onOpen) return false;
  if (a.paints.length !== b.paints.length) return false;
  return a.paints.every((paint, index) => paint === b.paints[index]);
}

export const UnitTileGroup = memo(UnitTileGroupView, samePaints);
