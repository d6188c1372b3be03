import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ruleConditionSchema, type Alert } from '@kelvin/contract';
import { COMMUNICATION_LOST_ALERT_TYPES, conditionSentence, durationText } from '@kelvin/domain';
import { formatDateTime, formatSpecDateTime } from '../../shared/formatting/dateTime.ts';
import { ProblemLevelBadge } from './problemPaint.tsx';

const TYPE_LABELS: Readonly<Record<Alert['type'], string>> = {
  METRIC: 'Metric threshold',
  ASSET_COMMUNICATION_LOST: 'Unit communication lost',
  COMMUNICATION_LOST: 'Agent communication lost',
  CHANGE_DETECTION: 'Change detected',
  METRIC_STATUS: 'Metric status',
  QUERY: 'Computed condition',
};

/** Spec: '-------' for an empty value. */
const valueText = (value: number | null) => (value === null ? '-------' : String(value));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** Spec: a communication-lost detail shows each moment as date MM/dd/yyyy and time hh:mm:ss a. */
function SpecMoment({ value, timeZone }: { value: string | null; timeZone: string }) {
  if (value === null) return <>-------</>;
  const moment = formatSpecDateTime(value, timeZone);
  if (moment === 'Date Not Available') return <>{moment}</>;
  return (
    <>
      <span>{moment.date}</span> <span>{moment.time}</span>
    </>
  );
}

/** The communication-lost detail: created, first event, last event and resolved, in the spec's date format. */
export function CommunicationLostDetail({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Communication lost detail">
      <Field label="Created">
        <SpecMoment value={alert.createdAt} timeZone={timeZone} />
      </Field>
      <Field label="First event">
        <SpecMoment value={alert.firstEventAt} timeZone={timeZone} />
      </Field>
      <Field label="Last event">
        <SpecMoment value={alert.lastEventAt} timeZone={timeZone} />
      </Field>
      <Field label="Resolved">
        {alert.resolvedAt === null ? (
          'Not resolved'
        ) : (
          <SpecMoment value={alert.resolvedAt} timeZone={timeZone} />
        )}
      </Field>
    </SimpleGrid>
  );
}

/** A stored condition's JSON as read through the contract, or undefined when the text is not one. */
function storedCondition(text: string) {
  try {
    const parsed = ruleConditionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The alert's condition in words when its rule is not at hand: the server's monitor query is either a QUERY rule's
 * expression (shown as written) or the condition's JSON, said through the same sentence without names or limits.
 */
export function alertConditionFallback(alert: Alert): string | null {
  const { query, timeWindow } = alert.monitorMetadata;
  if (query === null) return null;
  const condition = storedCondition(query);
  if (condition === undefined) return query;
  return conditionSentence(condition, timeWindow === null ? {} : { timeWindow });
}

/**
 * One alert of a problem: what watched, what it saw, and when. `condition` is the rule's condition in words
 * (useAlertConditions); without it the alert's own monitor query is said as well as it can be.
 */
export function AlertDetails({
  alert,
  timeZone,
  condition,
  metricName,
}: {
  alert: Alert;
  timeZone: string;
  condition?: string | undefined;
  /** The metric's name from the catalogue; its alias while that is not known. */
  metricName?: string | undefined;
}) {
  const lost = COMMUNICATION_LOST_ALERT_TYPES.includes(alert.type);
  const conditionText = condition ?? alertConditionFallback(alert);
  const at = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  return (
    <Paper withBorder p="sm" component="article" aria-label={`Alert ${alert.monitorName}`}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <ProblemLevelBadge level={alert.level} />
            <Text fw={500}>{alert.monitorName}</Text>
          </Group>
          <Badge variant={alert.status === 'RESOLVED' ? 'outline' : 'light'} color="gray" radius="sm">
            {alert.status === 'RESOLVED' ? 'Resolved' : 'Active'}
          </Badge>
        </Group>
        {alert.monitorDescription && (
          <Text size="sm" c="dimmed">
            {alert.monitorDescription}
          </Text>
        )}
        {conditionText !== null && (
          <Field label="Condition">
            <span style={{ overflowWrap: 'anywhere' }}>{conditionText}</span>
          </Field>
        )}
        {lost ? (
          <CommunicationLostDetail alert={alert} timeZone={timeZone} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Field label="Type">{TYPE_LABELS[alert.type]}</Field>
            <Field label="Metric">{metricName ?? alert.monitorMetricAlias ?? '-------'}</Field>
            <Field label="First event">
              {at(alert.firstEventAt)} · value {valueText(alert.firstEventValue)}
            </Field>
            <Field label="Last event">
              {at(alert.lastEventAt)} · value {valueText(alert.lastEventValue)}
            </Field>
            <Field label="Occurrences">{alert.numberOfOccurrences}</Field>
            <Field label="Window">
              {alert.monitorMetadata.timeWindow === null
                ? '-------'
                : durationText(alert.monitorMetadata.timeWindow)}
            </Field>
            <Field label="Resolved">
              {alert.resolvedAt === null ? 'Not resolved' : at(alert.resolvedAt)}
            </Field>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
