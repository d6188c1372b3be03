import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formValueSchema } from '@kelvin/contract';
import type { MetricValueStateUpdate } from '@kelvin/contract';
import { fakeApi, type FakeRoute } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import type { LiveValueStore } from '../../live/liveValueStore.ts';
import type { FormAttachmentData, FormInstanceData } from '../formsQueries.ts';
import { FormScreen, MISSING_REQUIRED_QUESTION, RESET_QUESTION } from './FormScreen.tsx';
import { useModalStore } from '../../../app/modals/modalStore.ts';
import type { MetricBinding } from './MetricReading.tsx';
import { buildTestForm, buildTestInstance } from './formScreenTestData.ts';

afterEach(() => {
  // The dialogs' store outlives a test: a dialog left open would show in the next one.
  useModalStore.setState({ modals: [] });
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sentValues = z.object({ formValues: z.array(formValueSchema) });

const LIMIT_MESSAGE = 'Error encountered while creating attachment: File exceeds maximum size of 300MB.';

/** A live store holding one reading of supply air. */
function liveStoreWith(update: MetricValueStateUpdate): LiveValueStore {
  return {
    connect: () => () => undefined,
    get: (path) => (path === update.path ? update : undefined),
    subscribePath: () => () => undefined,
    subscribe: () => () => undefined,
    snapshot: () => new Map([[update.path, update]]),
  };
}

const supplyAirReading: MetricValueStateUpdate = {
  path: '11/77',
  assetId: 11,
  metricId: 77,
  value: 21.46,
  timestamp: Date.parse('2026-11-27T10:15:00.000Z'),
  status: 0,
  units: '°C',
  overrideType: 'NONE',
};

function renderScreen({
  instance = null,
  attachments = [],
  readOnly = false,
  extra = [],
}: {
  instance?: FormInstanceData | null;
  attachments?: FormAttachmentData[];
  readOnly?: boolean;
  extra?: FakeRoute[];
} = {}) {
  const fixture = buildTestForm();
  const api = fakeApi([
    ...extra,
    {
      method: 'POST',
      path: /^\/entities\.forms\.updateValues$/,
      // The server answers what it stored: the values sent.
      reply: (request) => ({
        body: buildTestInstance({ formValues: sentValues.parse(request.body).formValues }),
      }),
    },
    { method: 'POST', path: /^\/entities\.forms\.listMetadata$/, reply: { body: { content: [] } } },
    {
      method: 'POST',
      path: /^\/entities\.forms\.listAttachments$/,
      reply: { body: { content: attachments } },
    },
  ]);
  const bindings = new Map<number, MetricBinding>([
    [
      fixture.supplyAir.formElementDefAssociationId,
      {
        live: liveStoreWith(supplyAirReading),
        path: '11/77',
        metric: undefined,
        timeZone: 'UTC',
      },
    ],
  ]);
  const onClose = vi.fn();
  const view = renderWithRouter(
    [
      {
        path: '/',
        element: (
          <FormScreen
            form={fixture.form}
            ticketId={42}
            asset={{ assetId: 11, displayName: 'CRAH 01' }}
            instance={instance}
            attachments={attachments}
            readOnly={readOnly}
            bindings={bindings}
            timeZone="UTC"
            onClose={onClose}
          />
        ),
      },
    ],
    {},
  );
  return { ...view, api, fixture, onClose };
}

const bodiesOf = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.requests.filter((request) => request.path === path).map((request) => request.body);

describe('FormScreen', () => {
  it('shows the header lines, no export without values, and Save disabled until a change', async () => {
    renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Quarterly preventive maintenance' }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('group', { name: 'Form summary' });
    expect(within(summary).getByText('CRAH 01')).toBeInTheDocument();
    expect(within(summary).getByText('11')).toBeInTheDocument();
    expect(within(summary).getByText('No duration set')).toBeInTheDocument();
    expect(within(summary).getByText('Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Attachments' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('min 3 characters / max 40 characters')).toBeInTheDocument();
    expect(screen.getByText('min 10 / max 40')).toBeInTheDocument();
  });

  it("marks a changed field 'Changed' and enables Save", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(await screen.findByRole('textbox', { name: /Technician/ }), 'Kim');
    expect(screen.getByText('Changed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('validates all on Save, asks through the Warning modal, and saves the values with the work time sheet', async () => {
    const user = userEvent.setup();
    const { api } = renderScreen();
    await user.type(await screen.findByRole('textbox', { name: /Supply air temperature/ }), '55');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(
      screen.getByText('Input of value 55 is greater than the allowed minimum of 40.'),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(within(dialog).getByText(MISSING_REQUIRED_QUESTION)).toBeInTheDocument();
    expect(bodiesOf(api, '/entities.forms.updateValues')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(api, '/entities.forms.updateValues')).toHaveLength(1));
    const [body] = bodiesOf(api, '/entities.forms.updateValues');
    expect(body).toMatchObject({
      entityType: 'TICKET',
      entityId: 42,
      formId: 3,
      assetId: 11,
      checkRequiredFormElementValues: true,
      workTimeSheet: [],
      formValues: [expect.objectContaining({ value: { type: 'number', value: 55 } })],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('revalidates a field with an error as it is typed into, leaving the other errors', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(await screen.findByRole('textbox', { name: /Technician/ }), 'K');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(
      screen.getByText('Input of length 1 does not meet minimum length requirement of 3 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This field is required and must be a number.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Technician/ }), 'im');
    expect(screen.queryByText(/does not meet minimum length requirement/)).not.toBeInTheDocument();
    expect(screen.getByText('This field is required and must be a number.')).toBeInTheDocument();
  });

  it("collapses a group to 'N Field(s)' with an error highlight when a child has an error", async () => {
    const user = userEvent.setup();
    renderScreen();
    const toggle = await screen.findByRole('button', { name: /Section 1 – Visual inspection/ });
    const section = screen.getByRole('region', { name: 'Section 1 – Visual inspection' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(toggle).getByText('2 Field(s)')).toBeInTheDocument();
    expect(section).not.toHaveAttribute('data-error');

    // Save needs a change: the timer's time is one.
    await user.click(screen.getByRole('button', { name: 'Start Timer' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(section).toHaveAttribute('data-error');
    expect(within(toggle).getByText('Has errors')).toBeInTheDocument();
  });

  it('asks before a reset and restores the original values', async () => {
    const user = userEvent.setup();
    const { form, technician } = buildTestForm();
    renderScreen({
      instance: buildTestInstance({
        formValues: [
          {
            formElementDefAssociationId: technician.formElementDefAssociationId,
            formElementDefId: technician.formElementDefId,
            formId: form.formId,
            value: { type: 'text', value: 'Ann' },
          },
        ],
      }),
    });
    const box = await screen.findByRole('textbox', { name: /Technician/ });
    await user.type(box, 'Kim');
    expect(box).toHaveValue('AnnKim');
    await user.click(screen.getByRole('button', { name: 'Reset Current Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Current Changes' });
    expect(within(dialog).getByText(RESET_QUESTION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Technician/ })).toHaveValue('Ann'));
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
  });

  it("shows the unit's live value of a bound element and captures it with its time", async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByTestId('live-reading')).toHaveTextContent('21.5 °C');
    await user.click(screen.getByRole('button', { name: 'Capture Supply air temperature from the unit' }));
    expect(screen.getByRole('textbox', { name: /Supply air temperature/ })).toHaveValue('21.46');
    expect(screen.getByText('Captured from the unit at 11/27/2026 10:15:00 AM')).toBeInTheDocument();
  });

  it('refuses a file of 300MB or more with the spec message and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { api } = renderScreen();
    await screen.findByRole('button', { name: 'Select file(s)' });
    const big = new File(['x'], 'huge.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: 300_000_000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.multiple).toBe(true);
    await user.upload(input, big);
    expect(await screen.findByText(`huge.zip: ${LIMIT_MESSAGE}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.requests.filter((request) => request.path.includes('createAttachment'))).toEqual([]);
  });

  it('uploads picked files and deletes marked ones after the save, then reloads the list', async () => {
    const user = userEvent.setup();
    const existing: FormAttachmentData = {
      formAttachmentId: 8,
      formId: 3,
      entityType: 'TICKET',
      entityId: 42,
      assetId: 11,
      createdBy: 7,
      createdByName: 'Sam Staff',
      createdAt: '2026-11-27T09:00:00.000Z',
      updatedBy: null,
      updatedAt: '2026-11-27T09:00:00.000Z',
      contentType: 'image/jpeg',
      filename: 'old-filter.jpg',
      filepath: 'forms/8',
      fileSizeInBytes: 2000,
      description: null,
    };
    const { api } = renderScreen({
      attachments: [existing],
      extra: [
        {
          method: 'POST',
          path: /^\/entities\.forms\.createAttachment$/,
          reply: { body: { ...existing, formAttachmentId: 9 } },
        },
        {
          method: 'POST',
          path: /^\/entities\.forms\.deleteAttachment$/,
          reply: { body: { formAttachmentId: 8 } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete old-filter.jpg' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['jpeg'], 'new-filter.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Required fields are empty: the Warning asks, and Save goes on.
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Warning' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/entities.forms.deleteAttachment')).toBe(true),
    );
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/entities.forms.createAttachment')).toBe(true),
    );
    expect(bodiesOf(api, '/entities.forms.deleteAttachment')).toEqual([
      { formAttachmentId: 8, entityType: 'TICKET' },
    ]);
    const save = api.requests.findIndex((r) => r.path === '/entities.forms.updateValues');
    const upload = api.requests.findIndex((r) => r.path === '/entities.forms.createAttachment');
    expect(save).toBeGreaterThan(-1);
    expect(upload).toBeGreaterThan(save);
    expect(await screen.findByText('All form attachments uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByText('Form attachments deleted successfully')).toBeInTheDocument();
  });

  it('starts and pauses the timer, which then counts in the Duration line', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Start Timer' }));
    expect(screen.getByRole('button', { name: 'Pause Timer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause Timer' }));
    expect(screen.getByTestId('form-duration')).toHaveTextContent(/^0h 0m \d+s$/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('read-only: no controls, no timer, and the form hidden when nothing has a value', async () => {
    renderScreen({ readOnly: true });
    expect(await screen.findByText('Nothing has been filled in on this form yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Timer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Current Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select file(s)' })).not.toBeInTheDocument();
  });

  it('read-only with values: shows them as text, hides groups without a value, offers the exports', async () => {
    const { form, technician } = buildTestForm();
    renderScreen({
      readOnly: true,
      instance: buildTestInstance({
        formValues: [
          {
            formElementDefAssociationId: technician.formElementDefAssociationId,
            formElementDefId: technician.formElementDefId,
            formId: form.formId,
            value: { type: 'text', value: 'Kim' },
          },
        ],
      }),
    });
    expect(await screen.findByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Attachments' })).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Section 1/ })).not.toBeInTheDocument();
  });
});
