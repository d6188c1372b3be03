import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { problemLevels, type ProblemRuleDefinition } from '@kelvin/contract';
import { ALERT_LEVEL_LABELS } from '@kelvin/domain';
import { serverFieldErrors } from '../../shared/api/serverFieldErrors.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { useMetricCatalogue } from '../diagnose/diagnoseQueries.ts';
import { DurationInput } from './DurationInput.tsx';
import { useCreateRuleDefinition, useUpdateRuleDefinition } from './monitorGroupsQueries.ts';
import { RuleConditionFields } from './RuleConditionFields.tsx';
import {
  draftOf,
  draftProblems,
  EVALUATED_KINDS,
  newRuleDraft,
  ruleFieldsOf,
  withCondition,
  type RuleDraft,
} from './ruleDraft.ts';
import { RULE_KIND_HINTS, RULE_KIND_LABELS } from './ruleText.ts';

export interface RuleEditorDialogProps {
  /** The rule to change, or null for a new rule of `companyId`. */
  rule: ProblemRuleDefinition | null;
  companyId: number;
  onClose: () => void;
  onSaved?: (rule: ProblemRuleDefinition) => void;
}

/**
 * Creates or changes a rule of any evaluated kind: the kind's own fields, the window and recovery typed in minutes
 * or hours, the impact level and tags. Problems show under their fields once a save was tried (an expression's
 * as it is typed); the server's refusal shows the same way.
 */
export function RuleEditorDialog({ rule, companyId, onClose, onSaved }: RuleEditorDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const catalogue = useMetricCatalogue();
  const create = useCreateRuleDefinition();
  const update = useUpdateRuleDefinition();
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : newRuleDraft()));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const local = useMemo(() => draftProblems(draft), [draft]);
  const problems = tried ? new Map([...serverFieldErrors(refusal), ...local]) : new Map<string, string>();
  const saving = create.isPending || update.isPending;
  const change = (next: RuleDraft) => {
    setDraft(next);
    setRefusal(null);
  };

  function handleSave() {
    setTried(true);
    if (local.size > 0) return;
    const fields = ruleFieldsOf(draft);
    const saved = rule
      ? update.mutateAsync({ problemRuleDefinitionId: rule.problemRuleDefinitionId, ...fields })
      : create.mutateAsync({ companyId, ...fields });
    saved.then(
      (result) => {
        toastsFor(rule ? `${result.name} saved` : `${result.name} created`).onSuccess();
        onSaved?.(result);
        onClose();
      },
      (error: unknown) => setRefusal(error),
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? `Edit ${rule.name}` : 'New rule'}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(event) => change({ ...draft, name: event.currentTarget.value })}
          error={problems.get('name')}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label="Description"
          value={draft.description}
          onChange={(event) => change({ ...draft, description: event.currentTarget.value })}
          rows={2}
        />
        <Select
          label="Kind"
          description={RULE_KIND_HINTS[draft.kind]}
          data={EVALUATED_KINDS.map((kind) => ({ value: kind, label: RULE_KIND_LABELS[kind] }))}
          value={draft.kind}
          onChange={(value) => {
            const kind = EVALUATED_KINDS.find((one) => one === value);
            if (kind) change({ ...draft, kind });
          }}
          allowDeselect={false}
        />
        <RuleConditionFields
          draft={draft}
          onChange={(condition) => change(withCondition(draft, condition))}
          problems={problems}
          metrics={catalogue.data ?? []}
          metricsLoading={catalogue.isPending}
        />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DurationInput
            label="Time window"
            value={draft.timeWindow}
            onChange={(timeWindow) => change({ ...draft, timeWindow })}
            error={problems.get('timeWindow')}
          />
          <DurationInput
            label="Recovery"
            value={draft.recoveryDuration}
            onChange={(recoveryDuration) => change({ ...draft, recoveryDuration })}
            error={problems.get('recoveryDuration')}
          />
        </SimpleGrid>
        <Input.Wrapper label="Impact level">
          <div>
            <SegmentedControl
              aria-label="Impact level"
              value={draft.impactLevel}
              data={problemLevels.map((level) => ({ value: level, label: ALERT_LEVEL_LABELS[level] }))}
              onChange={(value) => {
                const level = problemLevels.find((one) => one === value);
                if (level) change({ ...draft, impactLevel: level });
              }}
            />
          </div>
        </Input.Wrapper>
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          value={draft.tags}
          onChange={(tags) => change({ ...draft, tags })}
          maxTags={20}
          error={problems.get('tags')}
        />
        {refusal !== null && (
          <Alert color="red" title="Not saved" role="alert">
            {errorMessage(refusal)}
          </Alert>
        )}
        {tried && local.size > 0 && (
          <Alert color="orange" role="status">
            Fix the marked fields to save the rule.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={handleSave} loading={saving}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
