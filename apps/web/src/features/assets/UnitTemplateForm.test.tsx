import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAsset } from '../../test/assetFactories.ts';
import { fakeApi, type FakeRoute } from '../../test/fakeApi.ts';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { UnitTemplateForm } from './UnitTemplateForm.tsx';

const hall = buildAsset({ assetId: 30, name: 'Hall 1', assetTypeId: 3, type: 'Datahall', companyId: 2 });

const templates: FakeRoute[] = [
  {
    method: 'GET',
    path: /^\/assets\/types\/4\/properties$/,
    reply: {
      body: [
        { name: 'name', label: 'Name', isRequired: true, displayOrder: 0 },
        { name: 'model', label: 'Model', isRequired: true, displayOrder: 1 },
        { name: 'serialNumber', label: 'Serial number', isRequired: false, displayOrder: 2 },
      ],
    },
  },
  {
    method: 'GET',
    path: /^\/assets\/types\/61\/properties$/,
    reply: { body: [{ name: 'name', label: 'Name', isRequired: true, displayOrder: 0 }] },
  },
];

let nextId = 100;
const createReply = (request: { body: unknown }) => {
  const body = request.body;
  const name = typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : null;
  return { body: buildAsset({ assetId: nextId++, name, assetTypeId: 4, type: 'Unit', parentAssetId: 30 }) };
};

function renderForm(routes: FakeRoute[]) {
  const api = fakeApi([...templates, ...routes]);
  const onDone = vi.fn();
  renderWithRouter([
    {
      path: '/',
      element: <UnitTemplateForm parent={hall} linkTo={(id) => `/assets/${id}`} onDone={onDone} />,
    },
  ]);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('UnitTemplateForm', () => {
  it('validates required fields before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = renderForm([]);
    await user.click(await screen.findByRole('button', { name: 'Create unit' }));
    expect(screen.getByText('Unit name is required')).toBeInTheDocument();
    expect(screen.getByText('Model is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('creates the unit, its properties and an agent next to it, showing each step', async () => {
    const user = userEvent.setup();
    const { requests } = renderForm([
      { method: 'POST', path: /^\/assets\.create$/, reply: createReply },
      { method: 'PUT', path: /^\/assets\/\d+\/properties$/, reply: { body: [] } },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Unit name' }), 'CRAH 07');
    await user.type(screen.getByRole('textbox', { name: 'Unit model' }), 'Liebert DS');
    await user.click(screen.getByRole('checkbox', { name: 'Also create an agent' }));
    await user.click(screen.getByRole('button', { name: 'Create unit' }));

    expect(await screen.findByText('Unit created')).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Progress' });
    expect(within(progress).getByText('Creating CRAH 07')).toBeInTheDocument();
    expect(within(progress).getByText('Saving the properties of Agent')).toBeInTheDocument();
    const created = screen.getByRole('list', { name: 'Created assets' });
    expect(within(created).getByRole('link', { name: 'CRAH 07' })).toBeInTheDocument();
    expect(within(created).getByRole('link', { name: 'Agent' })).toBeInTheDocument();

    const creates = requests.filter((request) => request.path === '/assets.create');
    expect(creates.map((request) => request.body)).toEqual([
      { name: 'CRAH 07', assetTypeId: 4, parentAssetId: 30, companyId: 2 },
      // Agents hang under the data hall, next to the unit.
      { name: 'Agent', assetTypeId: 61, parentAssetId: 30, companyId: 2 },
    ]);
    const unitProperties = requests.find((request) => request.method === 'PUT');
    expect(unitProperties?.body).toEqual([
      { name: 'name', value: 'CRAH 07', displayOrder: 0 },
      { name: 'model', value: 'Liebert DS', displayOrder: 1 },
    ]);
  });

  it('shows the spec message verbatim and exactly what exists when the unit properties fail', async () => {
    const user = userEvent.setup();
    renderForm([
      { method: 'POST', path: /^\/assets\.create$/, reply: createReply },
      {
        method: 'PUT',
        path: /^\/assets\/\d+\/properties$/,
        reply: { status: 500, body: { message: 'boom' } },
      },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Unit name' }), 'CRAH 08');
    await user.type(screen.getByRole('textbox', { name: 'Unit model' }), 'X1');
    await user.click(screen.getByRole('button', { name: 'Create unit' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('list', { name: 'Errors' })).toHaveTextContent(
      'Unable to create unit properties: CRAH 08',
    );
    const created = within(alert).getByRole('list', { name: 'Created assets' });
    expect(created).toHaveTextContent('CRAH 08 (its properties were not saved)');
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('says nothing was created when the unit itself is refused', async () => {
    const user = userEvent.setup();
    renderForm([
      { method: 'POST', path: /^\/assets\.create$/, reply: { status: 400, body: { message: 'No' } } },
    ]);
    await user.type(await screen.findByRole('textbox', { name: 'Unit name' }), 'CRAH 09');
    await user.type(screen.getByRole('textbox', { name: 'Unit model' }), 'X1');
    await user.click(screen.getByRole('button', { name: 'Create unit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to create unit: CRAH 09');
    expect(alert).toHaveTextContent('Nothing was created.');
  });
});
