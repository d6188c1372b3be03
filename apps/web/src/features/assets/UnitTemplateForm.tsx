import { useState, type SyntheticEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@kelvin/contract';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { assetsKey, useAssetTypeProperties } from './assetsQueries.ts';
import { ASSET_TYPE, assetDisplayName } from '@kelvin/domain';
import {
  TemplatePropertyFields,
  templatePropertyErrors,
  type TemplateProperty,
} from './TemplatePropertyFields.tsx';
import { TemplateOutcome, TemplateSteps } from './UnitTemplateProgress.tsx';
import {
  runUnitTemplate,
  templateFromForm,
  type TemplateRunOutcome,
  type TemplateStep,
} from './unitTemplateRun.ts';

export interface UnitTemplateFormProps {
  /** A data hall or a split unit. */
  parent: Asset;
  linkTo: (assetId: number) => string;
  onDone: () => void;
}

/** Loads the unit and agent templates (GET assets/types/{id}/properties), then the form. */
export function UnitTemplateForm(props: UnitTemplateFormProps) {
  const unitTemplate = useAssetTypeProperties(ASSET_TYPE.unit);
  const agentTemplate = useAssetTypeProperties(ASSET_TYPE.agent);
  return (
    <QueryState query={unitTemplate} label="the unit template">
      {(unitProperties) => (
        <TemplateFormBody
          {...props}
          unitProperties={unitProperties}
          agentProperties={agentTemplate.data ?? []}
        />
      )}
    </QueryState>
  );
}

const NAME_MAX = 200;

function nameError(label: string, value: string): string | undefined {
  if (value.trim() === '') return `${label} is required`;
  if (value.trim().length > NAME_MAX) return `${label} is at most ${NAME_MAX} characters`;
  return undefined;
}

function TemplateFormBody({
  parent,
  linkTo,
  onDone,
  unitProperties,
  agentProperties,
}: UnitTemplateFormProps & {
  unitProperties: readonly TemplateProperty[];
  agentProperties: readonly TemplateProperty[];
}) {
  const queryClient = useQueryClient();
  const [unitName, setUnitName] = useState('');
  const [unitValues, setUnitValues] = useState<Record<string, string>>({});
  const [withAgent, setWithAgent] = useState(false);
  const [agentName, setAgentName] = useState('Agent');
  const [agentValues, setAgentValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<{
    unit: Partial<Record<string, string>>;
    agent: Partial<Record<string, string>>;
  }>({
    unit: {},
    agent: {},
  });
  const [steps, setSteps] = useState<TemplateStep[]>([]);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<TemplateRunOutcome | null>(null);

  async function handleSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const unitErrors = {
      ...templatePropertyErrors(unitProperties, unitValues),
      name: nameError('Unit name', unitName),
    };
    const agentErrors = withAgent
      ? { ...templatePropertyErrors(agentProperties, agentValues), name: nameError('Agent name', agentName) }
      : {};
    setErrors({ unit: unitErrors, agent: agentErrors });
    const hasErrors = [...Object.values(unitErrors), ...Object.values(agentErrors)].some(
      (e) => e !== undefined,
    );
    if (hasErrors) return;

    setRunning(true);
    setOutcome(null);
    const template = templateFromForm({
      unitName,
      unitProperties: unitValues,
      agent: withAgent ? { name: agentName, properties: agentValues } : null,
    });
    const result = await runUnitTemplate(parent, template, setSteps);
    setOutcome(result);
    setRunning(false);
    // Whatever was made, even on failure, must show in the trees and lists.
    await queryClient.invalidateQueries({ queryKey: assetsKey });
  }

  const finished = outcome !== null;
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Create unit from template">
      <Stack>
        <Text size="sm" c="dimmed">
          The unit goes under {assetDisplayName(parent)}.
        </Text>
        <TextInput
          label="Unit name"
          required
          value={unitName}
          onChange={(event) => setUnitName(event.currentTarget.value)}
          error={errors.unit.name}
          disabled={running || finished}
        />
        <fieldset disabled={running || finished} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <TemplatePropertyFields
              idPrefix="Unit"
              properties={unitProperties}
              values={unitValues}
              errors={errors.unit}
              onChange={(name, value) => setUnitValues((current) => ({ ...current, [name]: value }))}
            />
            <Checkbox
              label="Also create an agent"
              checked={withAgent}
              onChange={(event) => setWithAgent(event.currentTarget.checked)}
            />
            {withAgent && (
              <>
                <TextInput
                  label="Agent name"
                  required
                  value={agentName}
                  onChange={(event) => setAgentName(event.currentTarget.value)}
                  error={errors.agent.name}
                />
                <TemplatePropertyFields
                  idPrefix="Agent"
                  properties={agentProperties}
                  values={agentValues}
                  errors={errors.agent}
                  onChange={(name, value) => setAgentValues((current) => ({ ...current, [name]: value }))}
                />
              </>
            )}
          </Stack>
        </fieldset>
        <TemplateSteps steps={steps} />
        {outcome && <TemplateOutcome outcome={outcome} linkTo={linkTo} />}
        <Group justify="flex-end">
          {finished ? (
            <Button onClick={onDone}>Done</Button>
          ) : (
            <>
              <Button variant="default" onClick={onDone} disabled={running}>
                Cancel
              </Button>
              <Button type="submit" loading={running}>
                Create unit
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
