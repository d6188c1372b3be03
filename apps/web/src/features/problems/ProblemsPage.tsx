import { Stack, Text, Title } from '@mantine/core';
import { ProblemSummaryHeader } from './ProblemSummaryHeader.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';

/** problems (/user/problems, needs detectedProblems:read): the detected problems of every device the user sees. */
export function ProblemsPage() {
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Problems
        </Title>
        <Text c="dimmed" size="sm">
          What the rules found on every device you can see, worst and newest first to act on.
        </Text>
      </div>
      <ProblemSummaryHeader />
      <ProblemsPanel />
    </Stack>
  );
}
