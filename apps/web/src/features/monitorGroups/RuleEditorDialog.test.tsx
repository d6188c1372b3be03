import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Metric, ProblemRuleDefinition } from '@kelvin/contract';
import { createQueryClient } from '../../app/queryClient.ts';
import { fakeApi, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { buildRule, signInCustomer } from './monitorGroupsTestData.ts';
import { RuleEditorDialog } from './RuleEditorDialog.tsx';

/** A fake's request body as fields to echo back. */
const fieldsOf = (body: unknown): object => (typeof body === 'object' && body !== null ? body : {});

const metric = (metricId: number, alias: string, name: string): Metric => ({
  metricId,
  alias,
  name,
  displayType: 'line',
  valueType: 'number',
  metricEnumId: null,
  enumMap: null,
  parentAlias: null,
  path: alias,
  units: '°C',
  metadata: {},
  actionsPermitted: [],
});

function renderEditor(rule: ProblemRuleDefinition | null, routes: FakeRoute[] = []) {
  const api = fakeApi([
    {
      method: 'GET',
      path: /^\/metrics$/,
      reply: {
        body: [
          metric(1, 'temperature.supplyAir', 'Supply air temperature'),
          metric(2, 'temperature.returnAir', 'Return air temperature'),
        ],
      },
    },
    ...routes,
    {
      method: 'POST',
      path: /^\/problemRuleDefinitions\.(create|update)$/,
      reply: (request) => ({ body: buildRule({ ...fieldsOf(request.body), problemRuleDefinitionId: 40 }) }),
    },
  ]);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const queryClient = createQueryClient();
  signInCustomer(queryClient, { write: true });
  renderWithRouter(
    [
      {
        path: '/',
        element: <RuleEditorDialog rule={rule} companyId={2} onClose={onClose} onSaved={onSaved} />,
      },
    ],
    { queryClient },
  );
  return { ...api, onClose, onSaved };
}

const bodyOf = (requests: { path: string; body: unknown }[], path: string) =>
  requests.find((request) => request.path === path)?.body;

beforeAll(() => {
  // Mantine scrolls the active option into view; jsdom lays nothing out.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** Typing into several fields takes a while on a loaded two-core machine. */
const SLOW = 30_000;

describe('rule editor', () => {
  it(
    'creates a threshold rule: the metric from the picker, durations typed in minutes or hours sent as ISO',
    async () => {
      const user = userEvent.setup();
      const { requests, onClose, onSaved } = renderEditor(null);
      const form = within(await screen.findByRole('dialog', { name: 'New rule' }));
      await user.type(form.getByRole('textbox', { name: 'Name' }), 'Supply air too warm');
      const picker = form.getByRole('textbox', { name: 'Metric' });
      await waitFor(() => expect(picker).toBeEnabled());
      await user.click(picker);
      await user.type(picker, 'supplyAir');
      await user.click(await screen.findByRole('option', { name: /^Supply air temperature/ }));
      await user.keyboard('{Escape}');
      expect(form.getByText('temperature.supplyAir · °C')).toBeInTheDocument();

      const window = form.getByRole('textbox', { name: 'Time window' });
      await user.clear(window);
      await user.type(window, '2');
      const recovery = form.getByRole('textbox', { name: 'Recovery' });
      await user.clear(recovery);
      await user.type(recovery, '1');
      await user.click(form.getByRole('combobox', { name: 'Recovery unit' }));
      await user.click(await screen.findByRole('option', { name: 'hours' }));
      await user.click(form.getByRole('radio', { name: 'Critical' }));
      await user.type(form.getByRole('combobox', { name: 'Tags' }), 'air{Enter}');
      await user.click(form.getByRole('button', { name: 'Create rule' }));

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(bodyOf(requests, '/problemRuleDefinitions.create')).toEqual({
        companyId: 2,
        name: 'Supply air too warm',
        description: null,
        condition: {
          kind: 'THRESHOLD',
          metricAlias: 'temperature.supplyAir',
          aggregation: 'AVERAGE',
          limits: { source: 'THRESHOLD_GROUP' },
        },
        timeWindow: 'PT2M',
        recoveryDuration: 'PT1H',
        impactLevel: 'CRITICAL',
        tags: ['air'],
      });
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ problemRuleDefinitionId: 40 }));
    },
    SLOW,
  );

  it(
    'marks what is missing or out of bounds under its field and sends nothing',
    async () => {
      const user = userEvent.setup();
      const { requests } = renderEditor(null);
      const form = within(await screen.findByRole('dialog', { name: 'New rule' }));
      const window = form.getByRole('textbox', { name: 'Time window' });
      await user.clear(window);
      await user.type(window, '30');
      await user.click(form.getByRole('combobox', { name: 'Time window unit' }));
      await user.click(await screen.findByRole('option', { name: 'hours' }));
      await user.click(form.getByRole('button', { name: 'Create rule' }));
      expect(form.getByText('Name is required')).toBeInTheDocument();
      expect(form.getByText('Metric alias is required')).toBeInTheDocument();
      expect(form.getByText('Fix the marked fields to save the rule.')).toBeInTheDocument();
      await user.type(form.getByRole('textbox', { name: 'Name' }), 'Too long a window');
      expect(await form.findByText('The time window must be from 1 minute to 1 day.')).toBeInTheDocument();
      expect(requests.some((request) => request.path.startsWith('/problemRuleDefinitions'))).toBe(false);
    },
    SLOW,
  );

  it(
    'checks a query expression as it is typed, naming the unknown term and where',
    async () => {
      const user = userEvent.setup();
      renderEditor(null);
      const form = within(await screen.findByRole('dialog', { name: 'New rule' }));
      await user.click(form.getByRole('combobox', { name: 'Kind' }));
      await user.click(await screen.findByRole('option', { name: 'Query' }));
      expect(form.getByText(/Arithmetic over several metrics/)).toBeInTheDocument();
      await user.click(form.getByRole('button', { name: 'Add term' }));
      const expression = form.getByRole('textbox', { name: 'Expression' });
      await user.clear(expression);
      await user.type(expression, 'a - c');
      expect(form.getByText("Unknown term 'c' at character 5")).toBeInTheDocument();
      await user.type(expression, '{Backspace}b)');
      expect(
        form.getByText("Unexpected ')' at character 6: expected an operator or the end"),
      ).toBeInTheDocument();
      await user.type(expression, '{Backspace}');
      expect(form.queryByText(/at character/)).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'edits a stored rule and shows the server’s refusal under the field it names',
    async () => {
      const user = userEvent.setup();
      const { requests } = renderEditor(buildRule(), [
        {
          method: 'POST',
          path: /^\/problemRuleDefinitions\.update$/,
          reply: {
            status: 400,
            body: {
              message: 'The time window must be from 1 minute to 1 day.',
              code: 'BAD_REQUEST',
              details: [
                { field: 'body.timeWindow', message: 'The time window must be from 1 minute to 1 day.' },
              ],
            },
          },
        },
      ]);
      const form = within(await screen.findByRole('dialog', { name: 'Edit Supply air too warm' }));
      expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Supply air too warm');
      expect(form.getByRole('textbox', { name: 'Time window' })).toHaveValue('2');
      await user.click(form.getByRole('radio', { name: 'Warning' }));
      await user.click(form.getByRole('button', { name: 'Save rule' }));
      expect(await form.findByRole('alert')).toHaveTextContent('Not saved');
      expect(form.getAllByText('The time window must be from 1 minute to 1 day.')).toHaveLength(2);
      expect(bodyOf(requests, '/problemRuleDefinitions.update')).toMatchObject({
        problemRuleDefinitionId: 11,
        impactLevel: 'WARNING',
        timeWindow: 'PT2M',
      });
    },
    SLOW,
  );
});
