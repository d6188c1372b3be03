import { useCallback, useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { ProductTour, type TourStep } from '../../shared/ui/ProductTour.tsx';
import { useMarkTourSeen, useToursSeen } from '../tours/toursQueries.ts';

const TOUR = 'AssetDashboardTourSeen';

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

/**
 * The dashboard's product tour: shown once to a user who has not seen it (recorded as AssetDashboardTourSeen when
 * finished or skipped, on any device), and again from the help button.
 */
export function DashboardTour() {
  const seen = useToursSeen();
  const mark = useMarkTourSeen();
  const [replaying, setReplaying] = useState(false);
  const unseen = seen.data !== undefined && !seen.data.includes(TOUR) && !mark.isPending && !mark.isSuccess;
  const end = useCallback(() => {
    setReplaying(false);
    if (seen.data && !seen.data.includes(TOUR)) mark.mutate(TOUR);
  }, [seen.data, mark]);

  return (
    <>
      <Tooltip label="Take the tour">
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label="Take the tour"
          onClick={() => setReplaying(true)}
        >
          <IconHelp size={18} />
        </ActionIcon>
      </Tooltip>
      {(unseen || replaying) && (
        <ProductTour label="Tour of the dashboard" steps={DASHBOARD_TOUR_STEPS} onEnd={end} />
      )}
    </>
  );
}
