import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Switch, TextInput } from '@mantine/core';
import {
  problemLevels,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  webhookUrlProblem,
  type ProblemLevel,
  type Webhook,
} from '@kelvin/contract';
import { serverFieldErrors } from '../../shared/api/serverFieldErrors.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { LEVEL_PAINTS } from '../problems/problemPaint.tsx';
import { useCreateWebhook, useUpdateWebhook } from './webhooksQueries.ts';

export type WebhookFormTarget = { kind: 'create'; companyId: number } | { kind: 'edit'; webhook: Webhook };

interface Draft {
  name: string;
  url: string;
  levels: ProblemLevel[];
  enabled: boolean;
}
type Errors = Partial<Record<keyof Draft, string>>;
const DRAFT_FIELDS = ['name', 'url', 'levels', 'enabled'] as const satisfies readonly (keyof Draft)[];

/** The server's problems with the form's own fields (a refused address names `body.url`), to show under them. */
function refusedFields(error: unknown): Errors {
  const found = serverFieldErrors(error);
  const errors: Errors = {};
  for (const field of DRAFT_FIELDS) {
    const message = found.get(field);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

function check(draft: Draft): Errors {
  const errors: Errors = {};
  if (draft.name.trim() === '') errors.name = 'Name is required';
  const url = draft.url.trim();
  const urlProblem = url === '' ? 'URL is required' : webhookUrlProblem(url);
  if (urlProblem) errors.url = urlProblem;
  if (draft.levels.length === 0) errors.levels = 'Choose at least one level';
  return errors;
}

/**
 * Adds or changes a webhook. The URL is checked as typed by the contract's own rule (https, or http to this
 * machine); the server's refusal shows once, in the dialog: under the field it names (an address it does not
 * send to), else above the buttons. No toast: it would say the same over the dialog.
 */
export function WebhookForm({
  target,
  onDone,
  onCancel,
}: {
  target: WebhookFormTarget;
  /** With the new secret when one was made (a new webhook, which the secret's dialog then says was added). */
  onDone: (secret: string | null) => void;
  onCancel: () => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [draft, setDraft] = useState<Draft>(
    target.kind === 'edit'
      ? {
          name: target.webhook.name,
          url: target.webhook.url,
          levels: target.webhook.levels,
          enabled: target.webhook.enabled,
        }
      : { name: '', url: '', levels: ['CRITICAL', 'WARNING'], enabled: true },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    const fields = {
      name: draft.name.trim(),
      url: draft.url.trim(),
      levels: draft.levels,
      enabled: draft.enabled,
    };
    try {
      if (target.kind === 'create') {
        // No "added" toast: the secret's dialog opens at once and says so, and a toast would cover its warning.
        const made = await create.mutateAsync({ companyId: target.companyId, ...fields });
        onDone(made.secret);
      } else {
        await update.mutateAsync({ webhookId: target.webhook.webhookId, ...fields });
        toastsFor('Webhook saved').onSuccess();
        onDone(null);
      }
    } catch (error) {
      const onFields = refusedFields(error);
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="What the receiving system is, e.g. On-call pager"
          value={draft.name}
          maxLength={WEBHOOK_NAME_MAX}
          error={errors.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          label="URL"
          description="https:// (http:// only for localhost). Each delivery is a signed JSON POST."
          placeholder="https://example.com/kelvin-hook"
          value={draft.url}
          maxLength={WEBHOOK_URL_MAX}
          error={errors.url}
          onChange={(event) => {
            const next = { ...draft, url: event.currentTarget.value };
            setDraft(next);
            // A shown problem goes as soon as it is fixed, while typing: clearing it on blur would move the
            // buttons under the pointer that is about to press one.
            if (errors.url) setErrors((current) => ({ ...current, url: check(next).url }));
          }}
          onBlur={() => {
            const problem = check(draft).url;
            if (problem && draft.url.trim() !== '') setErrors((current) => ({ ...current, url: problem }));
          }}
          inputMode="url"
          autoComplete="off"
        />
        <Checkbox.Group
          label="Levels"
          value={draft.levels}
          error={errors.levels}
          onChange={(values) =>
            setDraft({ ...draft, levels: problemLevels.filter((level) => values.includes(level)) })
          }
        >
          <Group gap="lg" mt={6}>
            {problemLevels.map((level) => (
              <Checkbox
                key={level}
                value={level}
                label={LEVEL_PAINTS[level].label}
                color={LEVEL_PAINTS[level].background}
                iconColor={LEVEL_PAINTS[level].color}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch
          label="Enabled"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {target.kind === 'create' ? 'Add webhook' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
