import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormElement } from '@kelvin/domain';
import { createQueryClient } from '../../../app/queryClient.ts';
import { currentUserQueryKey } from '../../../app/session/useCurrentUser.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { fakeApi, type FakeRequest } from '../../../test/fakeApi.ts';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { BOUNDS_OUT_OF_ORDER } from './formDraftChecks.ts';
import type { EditedFormDefinition } from './formEditorQueries.ts';
import { FormEditorPage } from './FormEditorPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const element = (
  id: number,
  label: string,
  type: FormElement['type'],
  displayOrder: number,
  elements: FormElement[] = [],
  parent: number | null = null,
): FormElement => ({
  formElementDefAssociationId: id + 100,
  formElementDefId: id,
  label,
  rootFormId: 5,
  parentFormElementDefId: parent,
  isRequired: false,
  displayOrder,
  type,
  elements,
  formElementDefOptions: type === 'number' ? { format: 'decimal' } : {},
});

/** a, Checks (b), c: a field, a group with one field, a field. */
const definition: EditedFormDefinition = {
  formId: 5,
  label: 'Quarterly inspection',
  version: 2,
  latestVersion: 2,
  companyId: null,
  ticketTypeValues: [1],
  formElements: [
    element(1, 'a', 'text', 0),
    element(2, 'Checks', 'group', 1, [element(3, 'b', 'number', 0, [], 2)]),
    element(4, 'c', 'text', 2),
  ],
};

function renderEditor() {
  const saves: FakeRequest[] = [];
  const api = fakeApi([
    { method: 'POST', path: /^\/entities\.forms\.definitions\.get$/, reply: { body: definition } },
    {
      method: 'POST',
      path: /^\/entities\.forms\.definitions\.save$/,
      reply: (request) => {
        saves.push(request);
        return { body: { ...definition, version: 3, latestVersion: 3 } };
      },
    },
    { method: 'GET', path: /^\/metrics/, reply: { body: [] } },
    {
      method: 'GET',
      path: /^\/coreEnums/,
      reply: {
        body: [
          {
            coreEnumId: 3,
            enumName: 'ticketType',
            values: [{ key: 'scheduledPM', value: 1, label: 'Scheduled PM' }],
          },
        ],
      },
    },
  ]);
  const queryClient = createQueryClient();
  const staff = buildCurrentUser(['tickets:read', 'tickets:write']);
  // The provider's own company: staff, not an external user.
  queryClient.setQueryData(currentUserQueryKey, { ...staff, user: { ...staff.user, companyId: 1 } });
  const result = renderWithRouter([{ path: '/forms/:formId', element: <FormEditorPage /> }], {
    queryClient,
    initialPath: '/forms/5',
  });
  return { ...result, ...api, saves };
}

const tree = () => screen.getByRole('navigation', { name: 'Form elements' });
const row = (label: string) => within(tree()).getByRole('button', { name: new RegExp(`^${label}, `) });
/** The tree's shape as text, from the rows on screen: 'a, Checks(b), c'. */
function shape(list: HTMLElement = within(tree()).getAllByRole('list')[0] ?? tree()): string {
  return [...list.children]
    .map((item) => {
      const label = item.querySelector('button')?.getAttribute('aria-label')?.split(',')[0] ?? '';
      const nested = item.querySelector('ul');
      return nested ? `${label}(${shape(nested)})` : label;
    })
    .join(', ');
}
const announcement = () => document.querySelector('[aria-live="polite"][aria-atomic]')?.textContent;

describe('the form editor', { timeout: 40_000 }, () => {
  it('moves the focused row with Alt + arrows, nests and un-nests it, keeps focus on it and announces each move', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('navigation', { name: 'Form elements' });
    expect(shape()).toBe('a, Checks(b), c');

    row('c').focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(shape()).toBe('a, Checks(b, c)');
    expect(announcement()).toBe('c moved to position 2 of 2 in group Checks.');
    expect(document.activeElement).toBe(row('c'));

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(shape()).toBe('a, Checks(c, b)');
    expect(announcement()).toBe('c moved to position 1 of 2 in group Checks.');

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(shape()).toBe('a, Checks(c, b)');
    expect(announcement()).toBe('c is already first in its level.');

    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(shape()).toBe('a, Checks(b), c');
    expect(announcement()).toBe('c moved to position 3 of 3 in the form.');
    expect(document.activeElement).toBe(row('c'));

    // Plain arrows walk the rows; the focused row is the one whose settings show.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(row('b'));
    expect(screen.getByRole('heading', { name: 'Number settings' })).toBeInTheDocument();
    // Back where it started: nothing to save.
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('moves from the row menu too', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('navigation', { name: 'Form elements' });
    await user.click(within(tree()).getByRole('button', { name: 'Actions for a' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    expect(shape()).toBe('Checks(b), a, c');
    expect(announcement()).toBe('a moved to position 2 of 3 in the form.');
  });

  it('moves by native drag and drop: onto a group puts it inside, onto a field after it', async () => {
    renderEditor();
    await screen.findByRole('navigation', { name: 'Form elements' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    const drag = (from: string, to: string) => {
      const source = row(from).parentElement;
      const target = row(to).parentElement;
      if (!source || !target) throw new Error('no row');
      fireEvent.dragStart(source, { dataTransfer });
      fireEvent.dragOver(target, { dataTransfer });
      fireEvent.drop(target, { dataTransfer });
      fireEvent.dragEnd(source, { dataTransfer });
    };
    // jsdom lays nothing out: a drag points at a row's middle, inside a group and after a field.
    drag('a', 'Checks');
    expect(shape()).toBe('Checks(b, a), c');
    expect(announcement()).toBe('a moved to position 2 of 2 in group Checks.');
    drag('b', 'c');
    expect(shape()).toBe('Checks(a), c, b');
  });

  it('refuses to save a minimum above the maximum, and says so at the setting', async () => {
    const user = userEvent.setup();
    const { saves } = renderEditor();
    await screen.findByRole('navigation', { name: 'Form elements' });
    await user.click(row('b'));
    await user.type(screen.getByRole('textbox', { name: 'Minimum' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Maximum' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BOUNDS_OUT_OF_ORDER)).toBeInTheDocument();
    expect(screen.getByText('This form cannot be saved yet')).toBeInTheDocument();
    expect(within(tree()).getByText('Check')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('saves a new version with the flat elements and the version it started from, then says so', async () => {
    const user = userEvent.setup();
    const { saves } = renderEditor();
    await screen.findByRole('navigation', { name: 'Form elements' });
    await user.click(screen.getByRole('button', { name: 'Add element' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Yes / No' }));
    await user.clear(screen.getByRole('textbox', { name: 'Label' }));
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Filters changed');
    await user.click(screen.getByRole('switch', { name: /Required/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.body).toEqual({
      formId: 5,
      expectedVersion: 2,
      label: 'Quarterly inspection',
      formElements: [
        {
          key: 'e1',
          parentKey: null,
          formElementDefId: 1,
          label: 'a',
          type: 'text',
          isRequired: false,
          displayOrder: 0,
          formElementDefOptions: {},
        },
        {
          key: 'e2',
          parentKey: null,
          formElementDefId: 2,
          label: 'Checks',
          type: 'group',
          isRequired: false,
          displayOrder: 1,
          formElementDefOptions: {},
        },
        {
          key: 'e3',
          parentKey: 'e2',
          formElementDefId: 3,
          label: 'b',
          type: 'number',
          isRequired: false,
          displayOrder: 0,
          formElementDefOptions: { format: 'decimal' },
        },
        {
          key: 'e4',
          parentKey: null,
          formElementDefId: 4,
          label: 'c',
          type: 'text',
          isRequired: false,
          displayOrder: 2,
          formElementDefOptions: {},
        },
        {
          key: 'n1',
          parentKey: null,
          label: 'Filters changed',
          type: 'boolean',
          isRequired: true,
          displayOrder: 3,
          formElementDefOptions: {},
        },
      ],
    });
    expect(await screen.findByText('Version 3 saved')).toBeInTheDocument();
    expect(screen.getByText('Version 3')).toBeInTheDocument();
  });
});
