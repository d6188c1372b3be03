import type { MouseEvent } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { TOAST_COPIED_EMAIL_MS } from '@kelvin/domain';
import { showAlert } from '../../app/toasts/toasts.ts';
import { SUPPORT_EMAIL, supportMailto } from '../../shared/supportContact.ts';
import type { PlanCardContent } from './plans.ts';

async function copySupportEmail(event: MouseEvent<HTMLAnchorElement>): Promise<void> {
  // Spec: right-click copies the address instead of opening the browser's menu.
  event.preventDefault();
  try {
    await navigator.clipboard.writeText(SUPPORT_EMAIL);
    showAlert('Email address copied!', TOAST_COPIED_EMAIL_MS);
  } catch {
    showAlert(`Unable to copy the address; write to ${SUPPORT_EMAIL}.`);
  }
}

export function PlanCard({ plan }: { plan: PlanCardContent }) {
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`plan-${plan.plan}`}>
      <Stack justify="space-between" h="100%">
        <Stack gap="xs">
          <Title order={3} id={`plan-${plan.plan}`}>
            {plan.name}
          </Title>
          {/* A paragraph may not carry a label (ARIA prohibits naming it); a title names the blank price. */}
          <Text fw={700} size="xl" mih="1.75rem" title={`${plan.name} price`}>
            {plan.price}
          </Text>
          <Text size="sm">{plan.summary}</Text>
        </Stack>
        <Button
          component="a"
          href={supportMailto(`Kelvin: ${plan.name}`)}
          onContextMenu={(event: MouseEvent<HTMLAnchorElement>) => void copySupportEmail(event)}
          title={`Write to ${SUPPORT_EMAIL} (right-click to copy the address)`}
          variant="light"
        >
          {plan.contactLabel}
        </Button>
      </Stack>
    </Card>
  );
}
