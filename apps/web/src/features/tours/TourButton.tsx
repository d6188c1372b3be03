import { useCallback, useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import type { ProductTour as ProductTourName } from '@kelvin/contract';
import { ProductTour, type TourStep } from '../../shared/ui/ProductTour.tsx';
import { useMarkTourSeen, useToursSeen } from './toursQueries.ts';

export interface TourButtonProps {
  /** The name the tour is recorded under once seen. */
  tour: ProductTourName;
  /** Names the tour for screen readers. */
  label: string;
  steps: readonly TourStep[];
}

/**
 * A screen's product tour: shown once to a user who has not seen it (recorded under its name when finished or
 * skipped, on any device), and again from this help button.
 */
export function TourButton({ tour, label, steps }: TourButtonProps) {
  const seen = useToursSeen();
  const mark = useMarkTourSeen();
  const [replaying, setReplaying] = useState(false);
  const unseen = seen.data !== undefined && !seen.data.includes(tour) && !mark.isPending && !mark.isSuccess;
  const end = useCallback(() => {
    setReplaying(false);
    if (seen.data && !seen.data.includes(tour)) mark.mutate(tour);
  }, [seen.data, mark, tour]);

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
      {(unseen || replaying) && <ProductTour label={label} steps={steps} onEnd={end} />}
    </>
  );
}
