import { Alert, Anchor, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { CreatedTemplateAsset } from '@kelvin/domain';
import type { TemplateRunOutcome, TemplateStep } from './unitTemplateRun.ts';

const stepMark: Record<TemplateStep['status'], string> = { running: '…', done: '✓', failed: '✗' };

/** Each API call of the run as it happens, so that a slow or failing step is visible. */
export function TemplateSteps({ steps }: { steps: readonly TemplateStep[] }) {
  if (steps.length === 0) return null;
  return (
    <List aria-label="Progress" listStyleType="none" spacing={2}>
      {steps.map((step) => (
        <List.Item key={step.id} c={step.status === 'failed' ? 'red' : undefined}>
          <Text span aria-hidden>
            {stepMark[step.status]}{' '}
          </Text>
          {step.label}
          <VisuallyHidden>{` (${step.status})`}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}

function CreatedList({
  created,
  linkTo,
}: {
  created: readonly CreatedTemplateAsset[];
  linkTo: (assetId: number) => string;
}) {
  return (
    <List aria-label="Created assets">
      {created.map((asset) => (
        <List.Item key={asset.assetId}>
          <Anchor component={Link} to={linkTo(asset.assetId)}>
            {asset.name}
          </Anchor>
          {asset.propertiesSaved ? '' : ' (its properties were not saved)'}
        </List.Item>
      ))}
    </List>
  );
}

/** The end of a run: what exists; on failure the spec's messages verbatim, one per line. */
export function TemplateOutcome({
  outcome,
  linkTo,
}: {
  outcome: TemplateRunOutcome;
  linkTo: (assetId: number) => string;
}) {
  if (outcome.kind === 'succeeded') {
    return (
      <Alert color="green" title="Unit created">
        <CreatedList created={outcome.created} linkTo={linkTo} />
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The unit was not completed" role="alert">
      <Stack gap="xs">
        <List aria-label="Errors">
          {outcome.messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
        {outcome.created.length === 0 ? (
          <Text size="sm">Nothing was created.</Text>
        ) : (
          <>
            <Text size="sm">These assets exist now:</Text>
            <CreatedList created={outcome.created} linkTo={linkTo} />
          </>
        )}
      </Stack>
    </Alert>
  );
}
