import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/formatting/dateTime.ts';
import { userTimeZone } from '../../shared/preferences/displayPreferences.ts';

/** Why the secret is shown: a webhook was just added, or its secret replaced (the old one signing until then). */
export type SecretOrigin = { kind: 'added' } | { kind: 'replaced'; previousSecretExpiresAt: string | null };

/** Until when the previous secret signs, as the console shows moments: the user's zone, to the second. */
export function previousSecretUntil(previousSecretExpiresAt: string): string {
  return formatDateTime(Date.parse(previousSecretExpiresAt), userTimeZone());
}

function originSentence(origin: SecretOrigin): string {
  if (origin.kind === 'added') return 'Webhook added.';
  if (origin.previousSecretExpiresAt === null) return 'Secret replaced.';
  return `Secret replaced. The previous secret also signs until ${previousSecretUntil(origin.previousSecretExpiresAt)}: give the receiving system the new one before then.`;
}

/**
 * A webhook's signing secret, shown once: when the webhook is added or its secret replaced. It says which of the
 * two happened, so that no toast needs to (one would cover the warning to copy the secret).
 */
export function WebhookSecret({
  secret,
  origin,
  onClose,
}: {
  secret: string;
  origin: SecretOrigin;
  onClose: () => void;
}) {
  return (
    <Stack>
      <Text fw={500} role="status">
        {originSentence(origin)}
      </Text>
      <Alert color="yellow" title="Copy the secret now">
        It will not be shown again. The receiving system checks each delivery with it: the X-Kelvin-Signature
        header is sha256= and the hex HMAC-SHA256 of the raw body with this secret (for 24 hours after a
        replacement, a second such value follows, made with the previous secret).
      </Alert>
      <Code block aria-label="Signing secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="space-between">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>Done</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Lost it? Replace the secret with the webhook’s key button; the old one keeps signing beside the new
        one for 24 hours.
      </Text>
    </Stack>
  );
}
