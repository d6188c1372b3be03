import { lazy, Suspense } from 'react';
import { Center, Drawer, Loader } from '@mantine/core';
import type { DetectedProblem } from '@kelvin/contract';

export type ListedProblem = DetectedProblem & { assetName: string };

/**
 * The body (alert details with each condition read through the contract's schemas, the actions, the chart link)
 * loads when a problem is first opened: the list reaches its first rows without it, and without zod.
 */
const AlertViewBody = lazy(() =>
  import('./AlertViewBody.tsx').then((module) => ({ default: module.AlertViewBody })),
);

/**
 * The alert view of one problem: what it is, what was done about it, its ticket (only with tickets:read) and each of
 * its alerts in detail; 'Open in metrics' charts its alerts' metrics from an hour before it began.
 */
export function ProblemAlertView({
  problem,
  onClose,
}: {
  problem: ListedProblem | null;
  onClose: () => void;
}) {
  return (
    <Drawer opened={problem !== null} onClose={onClose} position="right" size="lg" title="Alert view">
      {problem && (
        <Suspense
          fallback={
            <Center p="md">
              <Loader size="sm" aria-label="Loading the alert view" />
            </Center>
          }
        >
          <AlertViewBody problem={problem} onClose={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
