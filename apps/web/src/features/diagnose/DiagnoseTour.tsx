import type { TourStep } from '../../shared/ui/ProductTour.tsx';
import { TourButton } from '../tours/TourButton.tsx';

export const DIAGNOSE_TOUR_STEPS: readonly TourStep[] = [
  {
    target: 'asset-picker',
    title: 'Pick a unit',
    body: 'Choose a unit in the hierarchy to chart its metrics. Ctrl-click (⌘ on a Mac) adds more units to the same charts.',
  },
  {
    target: 'time-range',
    title: 'Choose the time',
    body: 'A relative range follows now; the calendar takes an absolute one in the chosen time zone. Drag across any chart to zoom, and Zoom out steps back.',
  },
  {
    target: 'add-group',
    title: 'Arrange groups',
    body: 'Add charts, tables, status and alert timelines. Drag a group by its grip and resize it from its corner.',
  },
  {
    target: 'diagnose-group',
    title: 'Pick metrics',
    body: 'Each group charts the metrics picked in it. Its menu compares with an earlier period, shows raw data and exports CSV or Excel.',
  },
  {
    target: 'views',
    title: 'Save and share',
    body: 'Save this layout as a view, publish it to your company, or copy a link to it.',
  },
];

/** The diagnose screen's product tour, recorded as AssetDiagnoseTourSeen. */
export function DiagnoseTour() {
  return (
    <TourButton
      tour="AssetDiagnoseTourSeen"
      label="Tour of the diagnose screen"
      steps={DIAGNOSE_TOUR_STEPS}
    />
  );
}
