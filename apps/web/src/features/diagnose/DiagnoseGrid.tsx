import 'react-grid-layout/css/styles.css';
import type { ReactNode } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { GRID_COLUMNS, type LayoutItem } from '@kelvin/domain';
import { DRAG_HANDLE_CLASS } from './DiagnoseGroupCard.tsx';

export interface DiagnoseGridProps {
  layout: readonly LayoutItem[];
  onLayout: (layout: LayoutItem[]) => void;
  /** One child per layout item, keyed by its `i`. */
  children: ReactNode;
}

const ROW_HEIGHT = 30;
const MARGIN: readonly [number, number] = [12, 12];

/** The groups of the diagnose screen on react-grid-layout: dragged by their grip, resized from their corner. */
export function DiagnoseGrid({ layout, onLayout, children }: DiagnoseGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  return (
    <div ref={containerRef}>
      {mounted && (
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
          {children}
        </GridLayout>
      )}
    </div>
  );
}
