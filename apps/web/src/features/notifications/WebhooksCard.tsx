import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconList, IconPencil, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import type { Webhook } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { notify } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { EmptyState, QueryState } from '../../shared/ui/QueryState.tsx';
import { LEVEL_PAINTS } from '../problems/problemPaint.tsx';
import { DeliveryStatusBadge, WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookForm, type WebhookFormTarget } from './WebhookForm.tsx';
import { previousSecretUntil, WebhookSecret, type SecretOrigin } from './WebhookSecret.tsx';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks } from './webhooksQueries.ts';

type Dialog =
  | { kind: 'form'; target: WebhookFormTarget }
  | { kind: 'secret'; secret: string; origin: SecretOrigin }
  | { kind: 'deliveries'; webhook: Webhook }
  | null;

function dialogTitle(dialog: Dialog): string {
  if (dialog?.kind === 'form')
    return dialog.target.kind === 'create' ? 'Add webhook' : `Edit ${dialog.target.webhook.name}`;
  if (dialog?.kind === 'secret') return 'Signing secret';
  if (dialog?.kind === 'deliveries') return `Deliveries of ${dialog.webhook.name}`;
  return '';
}

function WebhookRow({ webhook, onDialog }: { webhook: Webhook; onDialog: (dialog: Dialog) => void }) {
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const sendTest = () =>
    test.mutate(webhook.webhookId, {
      onSuccess: (delivery) =>
        notify(
          delivery.status === 'DELIVERED'
            ? { kind: 'success', message: `Test delivered: answered ${delivery.lastStatusCode ?? ''}` }
            : { kind: 'danger', message: `Test failed: ${delivery.lastError ?? 'no answer'}` },
        ),
      onError: (error) => notify({ kind: 'danger', message: errorMessage(error) }),
    });
  const confirmDelete = () =>
    void modals.danger({
      title: `Delete ${webhook.name}?`,
      message: 'Its deliveries are deleted with it, and nothing more is sent to its URL.',
      okLabel: 'Delete',
      onOk: () => remove.mutateAsync(webhook.webhookId).then(() => toastsFor('Webhook deleted').onSuccess()),
    });
  const replaceSecret = () =>
    void modals.confirm({
      title: `Replace the secret of ${webhook.name}?`,
      message:
        'The current secret keeps signing beside the new one for 24 hours: give the receiver the new one within that time.',
      okLabel: 'Replace',
      onOk: async () => {
        const answer = await update.mutateAsync({ webhookId: webhook.webhookId, rotateSecret: true });
        if (answer.secret) {
          const { previousSecretExpiresAt } = answer.webhook;
          onDialog({
            kind: 'secret',
            secret: answer.secret,
            origin: { kind: 'replaced', previousSecretExpiresAt },
          });
        }
      },
    });

  return (
    <Paper withBorder p="sm" component="li" aria-label={webhook.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {webhook.name}
          </Text>
          <Switch
            label="Enabled"
            checked={webhook.enabled}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { webhookId: webhook.webhookId, enabled: event.currentTarget.checked },
                { onError: (error) => notify({ kind: 'danger', message: errorMessage(error) }) },
              )
            }
          />
        </Group>
        {/* A line of its own, so that a long URL breaks across the card's width, not beside the switch. */}
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        <Group gap={6}>
          {webhook.levels.map((level) => (
            <Badge
              key={level}
              radius="sm"
              style={{ background: LEVEL_PAINTS[level].background, color: LEVEL_PAINTS[level].color }}
            >
              {LEVEL_PAINTS[level].label}
            </Badge>
          ))}
          <Text size="xs" c="dimmed">
            Secret {webhook.secretHint}
          </Text>
          {webhook.lastDelivery && (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Last delivery
              </Text>
              <DeliveryStatusBadge status={webhook.lastDelivery.status} />
            </Group>
          )}
        </Group>
        {/* A line of its own: beside the secret's hint it read as one sentence with it. */}
        {webhook.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">
            The previous secret also signs until {previousSecretUntil(webhook.previousSecretExpiresAt)}.
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} />}
            loading={test.isPending}
            onClick={sendTest}
          >
            Send test
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconList size={14} />}
            onClick={() => onDialog({ kind: 'deliveries', webhook })}
          >
            Deliveries
          </Button>
          <Group gap={4} ml="auto">
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                aria-label={`Edit ${webhook.name}`}
                onClick={() => onDialog({ kind: 'form', target: { kind: 'edit', webhook } })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Replace secret">
              <ActionIcon
                variant="subtle"
                aria-label={`Replace the secret of ${webhook.name}`}
                onClick={replaceSecret}
              >
                <IconKey size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${webhook.name}`}
                onClick={confirmDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A company's webhooks (notificationPreferences:manage on the company): each sends its problems of the chosen
 * levels to a URL, signed with a secret shown once.
 */
export function WebhooksCard({ companyId, companyName }: { companyId: number; companyName: string }) {
  const webhooks = useWebhooks(companyId);
  const [dialog, setDialog] = useState<Dialog>(null);
  // On a phone a dialog takes the screen: the deliveries read as cards, the form's fields at full width.
  const phone = useMediaQuery('(max-width: 48em)');
  const close = () => setDialog(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="webhooks-title">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              {companyName}’s problems, sent as signed JSON to systems of your choosing.
            </Text>
          </div>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', target: { kind: 'create', companyId } })}
          >
            Add webhook
          </Button>
        </Group>
        <QueryState query={webhooks} label="webhooks">
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState>
                No webhooks yet. Add one to send {companyName}’s problems to a pager or ticketing system.
              </EmptyState>
            ) : (
              <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Webhooks">
                {rows.map((webhook) => (
                  <WebhookRow key={webhook.webhookId} webhook={webhook} onDialog={setDialog} />
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialogTitle(dialog)}
        size={dialog?.kind === 'deliveries' ? 1040 : 'lg'}
        fullScreen={phone}
      >
        {dialog?.kind === 'form' && (
          <WebhookForm
            target={dialog.target}
            onCancel={close}
            onDone={(secret) =>
              setDialog(secret ? { kind: 'secret', secret, origin: { kind: 'added' } } : null)
            }
          />
        )}
        {dialog?.kind === 'secret' && (
          <WebhookSecret secret={dialog.secret} origin={dialog.origin} onClose={close} />
        )}
        {dialog?.kind === 'deliveries' && <WebhookDeliveries webhookId={dialog.webhook.webhookId} />}
      </Modal>
    </Paper>
  );
}
