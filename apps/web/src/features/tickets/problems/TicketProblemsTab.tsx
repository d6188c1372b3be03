import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconTool } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import type { Alert, DetectedProblem, MaintenanceWindow } from '@kelvin/contract';
import { formatDateTime } from '../../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../../shared/preferences/displayPreferences.ts';
import { QueryError } from '../../../shared/ui/QueryState.tsx';
import { useMetricCatalogue } from '../../diagnose/diagnoseQueries.ts';
import { useDiagnoseStore } from '../../diagnose/diagnoseStore.ts';
import { formatWindowSpan } from '../../maintenance/maintenanceFormat.ts';
import { problemDiagnoseView } from '../../problems/problemDiagnoseView.ts';
import { ProblemLevelBadge, ProblemStatus } from '../../problems/problemPaint.tsx';
import { ProblemTicketActions } from '../../problems/ProblemTicketActions.tsx';
import {
  useActiveMaintenance,
  useTicketAlerts,
  useTicketProblems,
  useTicketProblemSummary,
} from './problemTicketQueries.ts';

type TicketProblem = DetectedProblem & { assetName: string };

/**
 * The ticket's problems tab (tickets/{ticketId}/problems): the spec's problem view of a ticket. Each problem with its
 * alerts over its range (to now while an alert is unresolved, else to its last event); opening it goes to the metrics
 * view of its asset with its alerts' metrics from an hour before the first event; its asset's active maintenance
 * windows are shown beside it.
 */
export function TicketProblemsTab() {
  const ticketId = Number(useParams().ticketId);
  return <TicketProblems key={ticketId} ticketId={ticketId} />;
}

export function TicketProblems({ ticketId }: { ticketId: number }) {
  const problems = useTicketProblems(ticketId);
  const rows = problems.data?.content;
  const assetIds = useMemo(() => [...new Set((rows ?? []).map((problem) => problem.assetId))], [rows]);
  const alerts = useTicketAlerts(ticketId, assetIds);
  const maintenance = useActiveMaintenance(assetIds);
  const summary = useTicketProblemSummary(ticketId);
  // The ranges are said as of when the tab opened, so that they do not move under the reader.
  const [now] = useState(() => Date.now());

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          Problems
        </Title>
        {summary.data && summary.data.total > 0 && (
          <Group gap={6} aria-label="Problems on this ticket">
            <Badge variant="light" color={summary.data.open > 0 ? 'red' : 'gray'}>
              {summary.data.open} open
            </Badge>
            <Badge variant="light" color="gray">
              {summary.data.closed} closed
            </Badge>
          </Group>
        )}
      </Group>
      <ActiveMaintenance windows={maintenance.data?.content ?? []} />
      {problems.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the ticket's problems">
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : problems.isError ? (
        <QueryError
          label="the ticket's problems"
          error={problems.error}
          onRetry={() => void problems.refetch()}
        />
      ) : problems.data.content.length === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={500}>No detected problem is on this ticket.</Text>
          <Text size="sm" c="dimmed">
            On a unit&apos;s problems page, select its problems and choose Move to existing ticket to follow
            them here.
          </Text>
        </Paper>
      ) : (
        problems.data.content.map((problem) => (
          <ProblemCard
            key={problem.detectedProblemId}
            problem={problem}
            alerts={(alerts.data?.alerts ?? []).filter((alert) =>
              problem.alertIds.includes(alert.kyotoEventDetailId),
            )}
            alertsLoading={alerts.isPending}
            now={now}
          />
        ))
      )}
      {alerts.isError && (
        <QueryError label="the alerts" error={alerts.error} onRetry={() => void alerts.refetch()} />
      )}
    </Stack>
  );
}

function ProblemCard({
  problem,
  alerts,
  alertsLoading,
  now,
}: {
  problem: TicketProblem;
  alerts: readonly Alert[];
  alertsLoading: boolean;
  now: number;
}) {
  const timeZone = userTimeZone();
  const catalogue = useMetricCatalogue();
  const navigate = useNavigate();
  const at = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  const aliases = new Map((catalogue.data ?? []).map((metric) => [metric.metricId, metric.alias]));
  const view = problemDiagnoseView(problem, alerts, (id) => aliases.get(id), now);
  const runsToNow =
    alerts.length === 0 ? problem.closedAt === null : alerts.some((a) => a.status !== 'RESOLVED');

  function openInMetrics() {
    useDiagnoseStore.setState((state) => ({ ...state, selectedViewId: null, view }));
    void navigate(`/user/devices/${problem.assetId}/metrics`);
  }

  return (
    <Paper withBorder p="sm" component="section" aria-label={`${problem.name} on ${problem.assetName}`}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ProblemLevelBadge level={problem.level} />
            <Text fw={600}>{problem.name}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            on {problem.assetName}
          </Text>
        </Group>
        <ProblemStatus problem={problem} />
        <Text size="sm">
          {view.fromDate ? at(view.fromDate) : ''} to{' '}
          {runsToNow ? 'now (an alert is unresolved)' : view.toDate ? at(view.toDate) : ''}
        </Text>
        {alertsLoading ? (
          <Skeleton height={40} />
        ) : alerts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {problem.kind === 'AD_HOC' ? 'Reported by a person: no alerts.' : 'No alerts in view.'}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {alerts.map((alert) => (
              <Group key={alert.kyotoEventDetailId} component="li" gap="xs" wrap="wrap">
                <ProblemLevelBadge level={alert.level} />
                <Text size="sm">{alert.monitorName}</Text>
                <Text size="xs" c="dimmed">
                  {at(alert.firstEventAt)} –{' '}
                  {alert.status === 'RESOLVED' ? at(alert.lastEventAt) : 'unresolved'}
                  {' · '}
                  {alert.numberOfOccurrences === 1
                    ? '1 occurrence'
                    : `${alert.numberOfOccurrences} occurrences`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group gap="xs">
          <Button
            size="compact-sm"
            leftSection={<IconChartLine size={14} />}
            onClick={openInMetrics}
            disabled={alertsLoading}
          >
            Open in metrics
          </Button>
          <ProblemTicketActions targets={[problem]} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Spec: the active maintenance windows of the problems' assets (and of what holds them). */
function ActiveMaintenance({ windows }: { windows: readonly MaintenanceWindow[] }) {
  const active = windows.filter((window) => window.state === 'ACTIVE');
  if (active.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Active maintenance windows">
      <Stack gap={4}>
        <Group gap={6}>
          <IconTool size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Active maintenance windows
          </Text>
        </Group>
        {active.map((window) => (
          <Text key={window.assetMaintenanceWindowId} size="sm">
            {window.assetName}: {window.description || 'No description'} ({formatWindowSpan(window)})
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
