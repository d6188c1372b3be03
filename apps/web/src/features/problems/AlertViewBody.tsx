import { useState } from 'react';
import {
  Alert as Notice,
  Button,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ListedProblem } from './ProblemAlertView.tsx';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../app/session/useCurrentUser.ts';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { useDiagnoseStore } from '../diagnose/diagnoseStore.ts';
import { AlertDetails } from './AlertDetails.tsx';
import { ProblemDrawerActions } from './ProblemDrawerActions.tsx';
import { ProblemTicketLink } from './ProblemTicketActions.tsx';
import { PROBLEM_VIEW_LEAD_MS, problemDiagnoseView } from './problemDiagnoseView.ts';
import { ProblemLevelBadge, ProblemStatus } from './problemPaint.tsx';
import { useAlertView, useDisableAdHoc } from './problemsQueries.ts';
import { useAlertConditions } from './useAlertConditions.ts';
import { modals } from '../../app/modals/modalStore.ts';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';

const PROBLEMS_WRITE = 'detectedProblems:write';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** Who did it, in words: the user, another person, or an automation. */
function byWhom(userId: number | null, automationId: number | null, me: number | undefined): string {
  if (automationId !== null) return 'an automation';
  if (userId === null) return 'someone';
  return userId === me ? 'you' : `user ${userId}`;
}

/** The alert view's content: loaded when a problem is first opened (see ProblemAlertView). */
export function AlertViewBody({ problem, onClose }: { problem: ListedProblem; onClose: () => void }) {
  const me = useCurrentUser().data;
  const canReadTickets = me !== undefined && hasPermission(me.permissions, { permission: 'tickets:read' });
  const timeZone = userTimeZone();
  // The range is fixed when the view opens, so that the query is asked once, not on every render.
  const [range] = useState(() => ({
    from: Date.parse(problem.firstEventAt) - PROBLEM_VIEW_LEAD_MS,
    to: problem.closedAt === null ? Date.now() : Date.parse(problem.lastEventAt) + 1000,
  }));
  const alertView = useAlertView(problem.assetId, range.from, range.to);
  const wordsOf = useAlertConditions(problem.assetId);
  const catalogue = useMetricCatalogue();
  const scope = usePermissionScope();
  const disableAdHoc = useDisableAdHoc();
  const navigate = useNavigate();
  const alerts = (alertView.data?.alerts ?? []).filter((alert) =>
    problem.alertIds.includes(alert.kyotoEventDetailId),
  );
  const at = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  const userId = me?.user.userId;

  function closeAdHoc(ruleId: number | null) {
    if (ruleId === null) return;
    void modals.danger({
      title: 'Close reported problem',
      message: `Close "${problem.name}" on ${problem.assetName}? It stays listed as closed.`,
      okLabel: 'Close problem',
      onOk: () =>
        disableAdHoc
          .mutateAsync([ruleId])
          .then(() => {
            toastsFor('Problem closed').onSuccess();
            onClose();
          })
          .catch((error: unknown) => {
            toastsFor('').onError(error);
            return false;
          }),
    });
  }

  function openInMetrics() {
    const aliases = new Map((catalogue.data ?? []).map((metric) => [metric.metricId, metric.alias]));
    const view = problemDiagnoseView(problem, alerts, (id) => aliases.get(id), Date.now());
    useDiagnoseStore.setState((state) => ({ ...state, selectedViewId: null, view }));
    onClose();
    void navigate(`/user/devices/${problem.assetId}/metrics`);
  }

  return (
    <Stack>
      <Group gap="xs">
        <ProblemLevelBadge level={problem.level} />
        <Title order={3} size="h4">
          {problem.name}
        </Title>
      </Group>
      <Text size="sm">{problem.description ?? 'No description.'}</Text>
      <ProblemStatus problem={problem} />
      <Group gap="xs" role="group" aria-label="Problem actions">
        {problem.detectedProblemId > 0 && <ProblemDrawerActions problem={problem} />}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconChartLine size={14} />}
          onClick={openInMetrics}
          disabled={alertView.isPending}
        >
          Open in metrics
        </Button>
        {problem.kind === 'AD_HOC' &&
          problem.closedAt === null &&
          scope.forCompany(PROBLEMS_WRITE, problem.companyId) && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              loading={disableAdHoc.isPending}
              onClick={() => closeAdHoc(problem.problemRuleDefinitionId)}
            >
              Close this reported problem
            </Button>
          )}
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        <Field label="Asset" value={problem.assetName} />
        <Field
          label="Kind"
          value={problem.kind === 'AD_HOC' ? 'Reported by a person' : 'Detected by a rule'}
        />
        <Field label="First event" value={at(problem.firstEventAt)} />
        <Field label="Last event" value={at(problem.lastEventAt)} />
        <Field label="Closed" value={problem.closedAt === null ? 'Still open' : at(problem.closedAt)} />
        <Field
          label="Evaluations"
          value={`${problem.totalTriggeredEvaluations} of ${problem.totalEvaluations} breached`}
        />
        {problem.acknowledgement && (
          <Field
            label="Acknowledged"
            value={`${at(problem.acknowledgement.acknowledgedAt)} by ${byWhom(problem.acknowledgement.acknowledgedBy, problem.acknowledgement.automationId, userId)}`}
          />
        )}
        {problem.mute && (
          <Field
            label={problem.mute.currentlyMuted ? 'Muted' : 'Last muted'}
            value={`${at(problem.mute.lastMutedAt)} by ${byWhom(problem.mute.mutedBy, problem.mute.automationId, userId)}`}
          />
        )}
        {problem.tags.length > 0 && <Field label="Tags" value={problem.tags.join(', ')} />}
      </SimpleGrid>
      {canReadTickets && (
        <div>
          <Text size="xs" c="dimmed">
            Ticket
          </Text>
          {problem.ticketId === null ? (
            <Text size="sm">No Ticket Information</Text>
          ) : (
            <ProblemTicketLink ticketId={problem.ticketId} />
          )}
        </div>
      )}
      <Divider label="Alerts" labelPosition="left" />
      {alertView.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the alerts">
          <Skeleton height={90} />
        </Stack>
      ) : alertView.isError ? (
        <Notice color="red" title="Unable to load the alerts" role="alert">
          {errorMessage(alertView.error)}
        </Notice>
      ) : alerts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {problem.kind === 'AD_HOC'
            ? 'A person reported this problem: no rule raised alerts for it.'
            : 'No alert of this problem is in the alert view yet.'}
        </Text>
      ) : (
        alerts.map((alert) => (
          <AlertDetails
            key={alert.kyotoEventDetailId}
            alert={alert}
            timeZone={timeZone}
            {...wordsOf(alert)}
          />
        ))
      )}
    </Stack>
  );
}
