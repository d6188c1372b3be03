import { memo, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { FleetGroup, FleetUnit } from './fleetGroups.ts';
import type { TilePaint } from './tilePaint.ts';
import { buildTileList, type TileList } from './tileList.ts';
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

/** Whether two unit lists draw the same tiles: a new fleet answer often brings the very same units again. */
function sameUnits(a: readonly FleetUnit[], b: readonly FleetUnit[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((unit, index) => {
    const other = b[index];
    return other !== undefined && unit.assetId === other.assetId && unit.name === other.name;
  });
}

/**
 * The tiles of one group. React draws the group (heading, list and its handlers); the tiles inside the list are
 * plain elements built and recoloured by buildTileList, so that 5,000 of them cost what the browser needs and a
 * change of state rewrites the changed tiles only. One click and one key handler for the whole group, and one tab
 * stop: Tab enters at the first tile, the arrow keys, Home and End move inside the group, Enter or Space opens.
 */
function UnitTileGroupView({ group, paints, showNames, showValues, onOpen }: UnitTileGroupProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const tilesRef = useRef<TileList | null>(null);
  // Before paint: the tiles appear with their colours in the frame that shows the group.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const built = tilesRef.current;
    if (
      !built ||
      !sameUnits(built.units, group.units) ||
      built.options.showNames !== showNames ||
      built.options.showValues !== showValues
    ) {
      tilesRef.current = buildTileList(list, group.units, { showNames, showValues, classes });
    }
    tilesRef.current?.paint(paints);
  }, [group.units, paints, showNames, showValues]);

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
      {/* The list holds buttons: its handlers only route their clicks and arrow keys. Its items are built by
          buildTileList, not by React: it renders the list empty. */}
      <ul
        ref={listRef}
        className={classes.tiles}
        data-named={showNames || undefined}
        data-valued={(showNames && showValues) || undefined}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
      />
    </section>
  );
}

/** Paints are shared objects: a group whose paints are the same objects as last time is not rendered again. */
function samePaints(a: UnitTileGroupProps, b: UnitTileGroupProps): boolean {
  if (a.showNames !== b.showNames || a.showValues !== b.showValues) return false;
  if (a.group.key !== b.group.key || a.group.datahallId !== b.group.datahallId) return false;
  if (a.group.path.join('\n') !== b.group.path.join('\n') || !sameUnits(a.group.units, b.group.units))
    return false;
  if (a.onOpen !== b.onOpen) return false;
  if (a.paints.length !== b.paints.length) return false;
  return a.paints.every((paint, index) => paint === b.paints[index]);
}

export const UnitTileGroup = memo(UnitTileGroupView, samePaints);
