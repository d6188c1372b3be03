import type { FormDefinition, FormElement } from '@kelvin/domain';
import type { FakeRequest, FakeRoute } from '../../../test/fakeApi.ts';
import type { FormInstanceRow } from './formExplorerQueries.ts';

export function buildFormInstanceRow(overrides: Partial<FormInstanceRow> = {}): FormInstanceRow {
  const formId = overrides.formId ?? 7;
  const entityId = overrides.entityId ?? 1042;
  return {
    id: `${formId} - ${entityId}`,
    formId,
    formVersion: 1,
    formLabel: 'Quarterly preventive maintenance',
    entityType: 'TICKET',
    entityId,
    ticketTitle: 'Quarterly PM of CRAH-01',
    assetId: 31,
    assetName: 'CRAH-01',
    companyId: 2,
    companyName: 'Acme Cooling',
    status: 'In Progress',
    isFormCompleted: false,
    date: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export function buildElement(
  overrides: Partial<FormElement> & Pick<FormElement, 'formElementDefAssociationId'>,
) {
  const element: FormElement = {
    formElementDefId: overrides.formElementDefAssociationId + 100,
    label: `Element ${overrides.formElementDefAssociationId}`,
    rootFormId: 7,
    parentFormElementDefId: null,
    isRequired: false,
    displayOrder: overrides.formElementDefAssociationId,
    type: 'text',
    elements: [],
    formElementDefOptions: {},
    ...overrides,
  };
  return element;
}

/** A small checklist: a section with a reading and a note, and a section nobody filled in. */
export const previewForm: FormDefinition = {
  formId: 7,
  label: 'Quarterly preventive maintenance',
  version: 1,
  formElements: [
    buildElement({
      formElementDefAssociationId: 1,
      label: 'Section 1 – Visual inspection',
      type: 'group',
      elements: [
        buildElement({ formElementDefAssociationId: 2, label: 'Supply air temperature', type: 'number' }),
        buildElement({ formElementDefAssociationId: 3, label: 'Filters clean', type: 'boolean' }),
      ],
    }),
    buildElement({
      formElementDefAssociationId: 4,
      label: 'Section 2 – Belts',
      type: 'group',
      elements: [buildElement({ formElementDefAssociationId: 5, label: 'Belt tension', type: 'text' })],
    }),
  ],
};

export const previewValues = [
  {
    formElementDefAssociationId: 2,
    formElementDefId: 102,
    formId: 7,
    value: { type: 'number', value: 18.4 },
  },
  {
    formElementDefAssociationId: 3,
    formElementDefId: 103,
    formId: 7,
    value: { type: 'boolean', value: true },
  },
] as const;

/** The listInstances call's body, as sent. */
export function instancesBody(request: FakeRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  return typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body)) : {};
}

/** A fake server of the explorer's calls over the rows given (paged as asked, unsorted). */
export function fakeFormsServer(rows: readonly FormInstanceRow[]): FakeRoute[] {
  return [
    {
      method: 'POST',
      path: /^\/entities\.forms\.listInstances$/,
      reply: (request) => {
        const paging = instancesBody(request).pageableQuery;
        const size =
          typeof paging === 'object' && paging !== null && 'pageSize' in paging
            ? Number(paging.pageSize)
            : 50;
        const page =
          typeof paging === 'object' && paging !== null && 'pageNumber' in paging
            ? Number(paging.pageNumber)
            : 0;
        return {
          body: {
            content: rows.slice(page * size, page * size + size),
            pageable: { totalSize: rows.length, pageSize: size, pageNumber: page },
          },
        };
      },
    },
    {
      method: 'POST',
      path: /^\/entities\.forms\.definitions\.get$/,
      reply: { body: { ...previewForm, latestVersion: 1, companyId: null, ticketTypeValues: [] } },
    },
    {
      method: 'POST',
      path: /^\/entities\.forms\.listValues$/,
      reply: {
        body: {
          content: [
            {
              formId: 7,
              entityType: 'TICKET',
              entityId: 1042,
              assetId: 31,
              isFormCompleted: false,
              formVersion: 1,
              formTimeTracker: [],
              updatedAt: '2026-11-20T14:05:00.000Z',
              updatedByName: 'Tess Technician',
              formValues: previewValues,
            },
          ],
        },
      },
    },
  ];
}
