import 'react-grid-layout/css/styles.css';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { GridLayout, type Layout } from 'react-grid-layout';
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

/** A width to lay out at when the container measures nothing (a hidden tab; jsdom in unit tests). */
const UNMEASURED_WIDTH_PX = 1280;

/**
 * The container's content width, read before the first paint and followed after. react-grid-layout's own hook drew
 * the groups at 1280 px first and measured after the paint, so every chart drew, measured and asked for its series
 * at a width it then lost: a second render and a second request before the first data.
 */
function useContainerWidthNow() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = containerRef.current;
    if (!node) return;
    const read = () => {
      const style = getComputedStyle(node);
      const content = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setWidth(Math.round(content) || UNMEASURED_WIDTH_PX);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { containerRef, width };
}

/** The groups of the diagnose screen on react-grid-layout: dragged by their grip, resized from their corner. */
export function DiagnoseGrid({ layout, onLayout, renderGroup, phoneExtraPx }: DiagnoseGridProps) {
  const { containerRef, width } = useContainerWidthNow();
  const stacked = width !== null && width < STACK_BELOW_PX;
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
      {width !== null && !stacked && (
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
