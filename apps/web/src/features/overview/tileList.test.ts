import { describe, expect, it } from 'vitest';
import { HEALTH_PAINTS, UNKNOWN_PAINT } from './tilePaint.ts';
import { buildTileList } from './tileList.ts';

const units = [
  { assetId: 4, name: 'CRAH 01' },
  { assetId: 5, name: 'CRAH 02' },
];
const classes = { tile: 'tile', name: 'name', value: 'value' };

function tilesOf(list: HTMLElement): HTMLButtonElement[] {
  return [...list.querySelectorAll<HTMLButtonElement>('button[data-asset-id]')];
}

describe('tile list', () => {
  it('builds one named button per unit, one tab stop, drawn as unknown until painted', () => {
    const list = document.createElement('ul');
    list.append(document.createElement('li'));
    const tiles = buildTileList(list, units, { showNames: true, showValues: false, classes });
    tiles.paint([]);
    const buttons = tilesOf(list);
    expect(list.children).toHaveLength(2);
    expect(buttons.map((button) => [button.dataset.assetId, button.textContent, button.tabIndex])).toEqual([
      ['4', 'CRAH 01', 0],
      ['5', 'CRAH 02', -1],
    ]);
    expect(buttons[0]).toHaveAttribute('data-unknown');
    expect(buttons[0]).toHaveAttribute('aria-label', 'CRAH 01: No data');
    expect(buttons[0]).not.toHaveAttribute('title');
  });

  it('recolours only the tiles whose paint changed', () => {
    const list = document.createElement('ul');
    const tiles = buildTileList(list, units, { showNames: false, showValues: false, classes });
    tiles.paint([HEALTH_PAINTS.HEALTHY, HEALTH_PAINTS.CRITICAL]);
    const [first, second] = tilesOf(list);
    expect(first).toHaveAttribute('data-state', 'HEALTHY');
    expect(first).not.toHaveAttribute('data-unknown');
    expect(first).toHaveStyle({ backgroundColor: HEALTH_PAINTS.HEALTHY.background });
    // Colour longhands only: the background shorthand resets every background longhand, a full restyle per tile.
    expect(first?.style.backgroundImage).toBe('');
    // Without names on the tile, the tooltip says who and how.
    expect(second).toHaveAttribute('title', 'CRAH 02: Critical');
    // A mark on the untouched tile survives: it was not written again.
    first?.setAttribute('data-mark', 'kept');
    first?.style.setProperty('background-color', 'black');
    tiles.paint([HEALTH_PAINTS.HEALTHY, HEALTH_PAINTS.WARNING]);
    expect(first?.style.backgroundColor).toBe('black');
    expect(second).toHaveAttribute('data-state', 'WARNING');
    expect(second).toHaveAttribute('aria-label', 'CRAH 02: Warning');
  });

  it('writes a value beside the name, and none for a unit without one', () => {
    const list = document.createElement('ul');
    const tiles = buildTileList(list, units, { showNames: true, showValues: true, classes });
    const value = { key: 'step-3', label: '21.5 °C', background: '#000', color: '#fff' };
    tiles.paint([value, UNKNOWN_PAINT]);
    const [first, second] = tilesOf(list);
    expect(first?.querySelector('.name')).toHaveTextContent('CRAH 01');
    expect(first?.querySelector('.value')).toHaveTextContent('21.5 °C');
    expect(second?.querySelector('.value')?.textContent).toBe('');
  });
});
