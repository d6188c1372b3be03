import type { FleetUnit } from './fleetGroups.ts';
import { UNKNOWN_PAINT, type TilePaint } from './tilePaint.ts';

export interface TileListOptions {
  showNames: boolean;
  /** Write each tile's value beside its name (a metric's value; states are told by the colour). */
  showValues: boolean;
  /** The CSS module's class names. */
  classes: { tile?: string; name?: string; value?: string };
}

/** The tiles of one list as built, and the paint each shows now. */
export interface TileList {
  readonly units: readonly FleetUnit[];
  readonly options: TileListOptions;
  /** Brings every tile to its paint (one per unit, in order), touching only the tiles whose paint changed. */
  paint: (paints: readonly TilePaint[]) => void;
}

/**
 * Builds a group's tiles as plain elements in `list` (whatever it held goes): 5,000 tiles are created about as fast
 * as the browser can, instead of through a framework's element per tile, and a recolour writes only the tiles
 * whose paint changed. Each tile is a button named by its unit and state; one tab stop per list (the first tile),
 * the list's own handlers move along them and open them.
 */
export function buildTileList(
  list: HTMLElement,
  units: readonly FleetUnit[],
  options: TileListOptions,
): TileList {
  const { showNames, showValues, classes } = options;
  const withValues = showNames && showValues;
  const buttons: HTMLButtonElement[] = [];
  const valueSpans: HTMLSpanElement[] = [];
  const fragment = document.createDocumentFragment();
  units.forEach((unit, index) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    if (classes.tile) button.className = classes.tile;
    button.dataset.assetId = String(unit.assetId);
    button.tabIndex = index === 0 ? 0 : -1;
    if (withValues) {
      const name = document.createElement('span');
      if (classes.name) name.className = classes.name;
      name.textContent = unit.name;
      const value = document.createElement('span');
      if (classes.value) value.className = classes.value;
      button.append(name, value);
      valueSpans.push(value);
    } else if (showNames) {
      button.textContent = unit.name;
    }
    buttons.push(button);
    item.append(button);
    fragment.append(item);
  });
  list.replaceChildren(fragment);

  const shown: (TilePaint | undefined)[] = [];
  const paintOne = (index: number, paint: TilePaint) => {
    const button = buttons[index];
    const unit = units[index];
    if (!button || !unit) return;
    shown[index] = paint;
    const unknown = paint === UNKNOWN_PAINT;
    button.dataset.state = paint.key;
    button.toggleAttribute('data-unknown', unknown);
    // Longhands, not the background shorthand: Chromium restyles a tile whose inline background-color or color
    // changed on a fast path, while the shorthand resets every background longhand and costs a full restyle
    // (measured on 5,000 buttons: about 3 ms against 80-110 ms a recolour, style and layout included).
    button.style.backgroundColor = paint.background;
    button.style.color = paint.color;
    const label = `${unit.name}: ${paint.label}`;
    button.setAttribute('aria-label', label);
    // The tooltip only where the name is not written on the tile.
    if (!showNames) button.title = label;
    const value = valueSpans[index];
    if (value) value.textContent = unknown ? '' : paint.label;
  };
  return {
    units,
    options,
    paint(paints) {
      for (let index = 0; index < buttons.length; index++) {
        const paint = paints[index] ?? UNKNOWN_PAINT;
        // Paints are shared objects: the same object is the same look.
        if (shown[index] !== paint) paintOne(index, paint);
      }
    },
  };
}
