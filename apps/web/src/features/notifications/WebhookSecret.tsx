import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A webhook's signing secret, shown once: when the webhook is added or its secret replaced. */
export function WebhookSecret({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Stack>
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
