import 'react-grid-layout/css/styles.css';
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { GRID_COLUMNS, type LayoutItem } from '@kelvin/domain';
import { DRAG_HANDLE_CLASS } from './DiagnoseGroupCard.tsx';

export interface DiagnoseGridProps {
  layout: readonly LayoutItem[];
  onLayout: (layout: LayoutItem[]) => void;
  /** The group of a layout item, by its `i`. */
  renderGroup: (id: string) => ReactNode;
  /** Pixels a group gets on a phone beyond its grid height (wrapped pills and toolbars); PHONE_EXTRA_PX unless said. */
  phoneExtraPx?: (id: string) => number | undefined;
}

const ROW_HEIGHT = 30;
const MARGIN: readonly [number, number] = [12, 12];
/** Below this width groups stack in layout order, full width, and are not dragged (a phone in a data hall). */
const STACK_BELOW_PX = 640;
/** A phone wraps a group's metric pills over more lines: its chart keeps this much more height. */
const PHONE_EXTRA_PX = 160;

/** An item's height in pixels, as the grid draws it. */
const itemPx = (item: LayoutItem) => item.h * ROW_HEIGHT + (item.h - 1) * MARGIN[1];

/** The groups of the diagnose screen on react-grid-layout: dragged by their grip, resized from their corner. */
export function DiagnoseGrid({ layout, onLayout, renderGroup, phoneExtraPx }: DiagnoseGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const stacked = mounted && width < STACK_BELOW_PX;
  return (
    <div ref={containerRef}>
      {stacked && (
        <Stack gap={MARGIN[1]}>
          {[...layout]
            .sort((a, b) => a.y - b.y || a.x - b.x)
            .map((item) => (
              <div key={item.i} style={{ height: itemPx(item) + (phoneExtraPx?.(item.i) ?? PHONE_EXTRA_PX) }}>
                {renderGroup(item.i)}
              </div>
            ))}
        </Stack>
      )}
      {mounted && !stacked && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: MARGIN, containerPadding: [0, 0] }}
          dragConfig={{ handle: `.${DRAG_HANDLE_CLASS}` }}
          resizeConfig={{ handles: ['se'] }}
          onLayoutChange={(next: Layout) =>
            onLayout(next.map(({ i, x, y, w, h, minH }) => ({ i, x, y, w, h, minH: minH ?? 1 })))
          }
        >
          {layout.map((item) => (
            <div key={item.i}>{renderGroup(item.i)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
