import type { TourStep } from '../../shared/ui/ProductTour.tsx';
import { TourButton } from '../tours/TourButton.tsx';

export const DASHBOARD_TOUR_STEPS: readonly TourStep[] = [
  {
    target: 'fleet-health',
    title: 'Your fleet at a glance',
    body: 'How many units are in each state, worst first. Choose a count to list just those units.',
  },
  {
    target: 'attention',
    title: 'What needs attention',
    body: 'Units that lost communication or raised a warning come first, with when each was last heard from. A name opens the unit’s live view.',
  },
  {
    target: 'recent-units',
    title: 'Back to where you were',
    body: 'The units you opened last, to return to them in one click.',
  },
  {
    target: 'shared-views',
    title: 'Shared views',
    body: 'Saved diagnose views of yours, your company’s and global ones.',
  },
];

/** The dashboard's product tour, recorded as AssetDashboardTourSeen. */
export function DashboardTour() {
  return (
    <TourButton tour="AssetDashboardTourSeen" label="Tour of the dashboard" steps={DASHBOARD_TOUR_STEPS} />
  );
}
