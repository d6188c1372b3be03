import { z } from 'zod';
import { dbId, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageableQuerySchema, pagedSchema } from './paging.ts';

/**
 * Checklist forms (work-management spec sections 3 Dynamic form, 4, 7 Forms). The shapes are the form model agreed
 * for issue 23 (packages/domain/src/forms/formModel.ts), restated in zod for the wire; the server checks both agree.
 * The spec's shapes leave out the asset: a ticket's forms are filled per asset of the ticket, so every call about
 * filled forms carries `assetId` beside entityType and entityId.
 */
export const FORM_LABEL_MAX = 500;
export const FORM_TEXT_VALUE_MAX = 20_000;
export const FORM_ELEMENTS_MAX = 2000;
export const FORM_DEPTH_MAX = 10;
export const FORM_OPTION_VALUES_MAX = 200;
export const FORM_WORK_TIME_SHEET_MAX = 500;
/** The form explorer's page size when none is asked (the spec leaves "other grid page size" to a shared setting). */
export const FORM_INSTANCE_PAGE_SIZE = 50;

export const formEntityTypeSchema = z.enum(['TICKET']);
export const formElementTypes = [
  'boolean',
  'date',
  'dateTime',
  'duration',
  'group',
  'multiSelect',
  'multiText',
  'select',
  'number',
  'text',
] as const;
export const formElementTypeSchema = z.enum(formElementTypes);

const isoInstant = z.iso.datetime({ offset: true });
/** Spec (section 5, Durations): P, then Y M W D, then T and H M S. */
const isoDurationText = z
  .string()
  .max(100)
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, {
    message: "Duration string not recognized. Must start with 'P'.",
  });
const optionText = z.string().trim().min(1).max(FORM_LABEL_MAX);
const limit = z.number().int().min(0).max(1_000_000).nullable().optional();
const bound = z.number().min(-1e15).max(1e15).nullable().optional();

/** Spec (section 3): options by type. Which apply to which type is checked by the server when a form is saved. */
export const formElementDefOptionsSchema = z.strictObject({
  default: z
    .union([z.string().max(FORM_TEXT_VALUE_MAX), z.number().min(-1e15).max(1e15), z.boolean()])
    .nullable()
    .optional(),
  minLength: limit,
  maxLength: limit,
  format: z.enum(['integer', 'decimal']).nullable().optional(),
  min: bound,
  max: bound,
  values: z.array(optionText).max(FORM_OPTION_VALUES_MAX).nullable().optional(),
  displayFormat: z.enum(['radio', 'dropdown', 'checkbox']).nullable().optional(),
  minSelections: limit,
  maxSelections: limit,
  /** A metric alias of the unit (e.g. temperature.supplyAir): the form shows its live value and may capture it. */
  metricAlias: z
    .string()
    .max(200)
    .regex(/^[A-Za-z][\w-]*(\.[\w-]+)*$/, 'Expected a metric alias such as temperature.supplyAir')
    .nullable()
    .optional(),
});

/** Spec (section 3): Form element. `elements`: a group's children in display order, [] otherwise. */
export interface FormElementWire {
  formElementDefAssociationId: number;
  formElementDefId: number;
  label: string;
  rootFormId: number;
  parentFormElementDefId: number | null;
  isRequired: boolean;
  displayOrder: number;
  type: (typeof formElementTypes)[number];
  elements: FormElementWire[];
  formElementDefOptions: z.infer<typeof formElementDefOptionsSchema>;
}
export const formElementSchema: z.ZodType<FormElementWire> = z.object({
  formElementDefAssociationId: z.number().int(),
  formElementDefId: z.number().int(),
  label: z.string(),
  rootFormId: z.number().int(),
  parentFormElementDefId: z.number().int().nullable(),
  isRequired: z.boolean(),
  displayOrder: z.number().int(),
  type: formElementTypeSchema,
  elements: z.array(z.lazy(() => formElementSchema)),
  formElementDefOptions: formElementDefOptionsSchema,
});

/** Spec (section 3): a value is null or {type, value}; dates yyyy-MM-dd, dateTimes ISO instants, ISO durations. */
export const typedFormValueSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('boolean'), value: z.boolean() }),
  z.strictObject({ type: z.literal('date'), value: z.string().max(40) }),
  z.strictObject({ type: z.literal('dateTime'), value: z.string().max(40) }),
  z.strictObject({ type: z.literal('duration'), value: z.string().max(100) }),
  z.strictObject({
    type: z.literal('multiText'),
    value: z.array(z.string().max(FORM_LABEL_MAX)).max(FORM_OPTION_VALUES_MAX),
  }),
  z.strictObject({
    type: z.literal('number'),
    value: z.number().min(-1e15).max(1e15),
    /** A reading taken from the unit (options.metricAlias): when it was measured. */
    capturedAt: isoInstant.optional(),
  }),
  z.strictObject({ type: z.literal('text'), value: z.string().max(FORM_TEXT_VALUE_MAX) }),
]);

export const formValueSchema = z.strictObject({
  formElementDefAssociationId: dbId,
  formElementDefId: dbId,
  formId: dbId,
  value: typedFormValueSchema.nullable(),
});

/** Spec: formTimeTracker / workTimeSheet entries: when a timer period started and how long it ran. */
export const formTimeEntrySchema = z.strictObject({
  startTimestamp: isoInstant,
  elapsedDuration: isoDurationText,
});

/** A form definition at one version, with what the editor and the ticket screens need around it. */
export const formDefinitionSchema = z.object({
  formId: z.number().int(),
  label: z.string(),
  version: z.number().int(),
  formElements: z.array(formElementSchema),
  latestVersion: z.number().int(),
  /** null: the provider's catalogue, offered to every company; else one company's own form. */
  companyId: z.number().int().nullable(),
  /** Core enum ticketType values the form is offered on (-1 universal: every type). */
  ticketTypeValues: z.array(z.number().int()),
});
export type FormDefinitionWire = z.infer<typeof formDefinitionSchema>;

/** Spec (section 3): Form metadata, with the asset it was filled for and the version it was filled against. */
export const formMetadataSchema = z.object({
  formId: z.number().int(),
  entityType: formEntityTypeSchema,
  entityId: z.number().int(),
  assetId: z.number().int(),
  isFormCompleted: z.boolean(),
  formVersion: z.number().int(),
  formTimeTracker: z.array(z.object({ startTimestamp: z.string(), elapsedDuration: z.string() })),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});

/** A filled form's values (per asset of the ticket), for the form screen and the explorer's preview and export. */
export const formInstanceValuesSchema = formMetadataSchema.extend({
  formValues: z.array(
    z.object({
      formElementDefAssociationId: z.number().int(),
      formElementDefId: z.number().int(),
      formId: z.number().int(),
      value: typedFormValueSchema.nullable(),
    }),
  ),
});

/** Spec (section 3): Form attachment, with its asset. */
export const formAttachmentSchema = z.object({
  formAttachmentId: z.number().int(),
  formId: z.number().int(),
  entityType: formEntityTypeSchema,
  entityId: z.number().int(),
  assetId: z.number().int(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedBy: z.number().int().nullable(),
  updatedAt: z.string(),
  contentType: z.string(),
  filename: z.string(),
  filepath: z.string(),
  fileSizeInBytes: z.number().int(),
  description: z.string().nullable(),
});

/** A row of the form explorer (spec section 2): ID 'formId - entityId', status, form type, asset, company, date, ticket. */
export const formInstanceRowSchema = z.object({
  id: z.string(),
  formId: z.number().int(),
  formVersion: z.number().int(),
  formLabel: z.string(),
  entityType: formEntityTypeSchema,
  entityId: z.number().int(),
  ticketTitle: z.string(),
  assetId: z.number().int(),
  assetName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: z.enum(['Completed', 'In Progress']),
  isFormCompleted: z.boolean(),
  /** When the form was last saved: the explorer's Date column. */
  date: z.string(),
});

/** Sort properties of the explorer, snake-cased like the tickets list's. Default: date, newest first. */
export const formInstanceSortProperties = [
  'date',
  'form_id',
  'entity_id',
  'form_type',
  'status',
  'asset_name',
  'company_name',
] as const;

/**
 * An element of a definition being saved, flat: `key` names it within the request and `parentKey` its group.
 * `formElementDefId`: the element of the previous version it continues (kept as it is when unchanged).
 */
export const formElementInputSchema = z.strictObject({
  key: z.string().min(1).max(100),
  parentKey: z.string().min(1).max(100).nullable().default(null),
  formElementDefId: dbId.optional(),
  label: z.string().trim().min(1).max(FORM_LABEL_MAX),
  type: formElementTypeSchema,
  isRequired: z.boolean().default(false),
  /** Among its siblings; the order of the list when left out. */
  displayOrder: z.number().int().min(0).max(100_000).optional(),
  formElementDefOptions: formElementDefOptionsSchema.default({}),
});
export type FormElementInput = z.infer<typeof formElementInputSchema>;

const ticketTypeValues = z.array(z.number().int().min(-1).max(1000)).max(50);
const entityKey = { entityType: formEntityTypeSchema, entityId: dbId };
const definitionFields = {
  label: z.string().trim().min(1).max(FORM_LABEL_MAX),
  formElements: z.array(formElementInputSchema).max(FORM_ELEMENTS_MAX),
};
const post = <const N extends string>(name: N) => ({
  name,
  method: 'POST' as const,
  path: `/${name}` as const,
});

export const formsEndpoints = {
  formsGet: endpoint({
    ...post('entities.forms.get'),
    summary:
      "The forms offered on the entity types (latest versions): the provider's catalogue and the given companies' own (all the caller may see when left out).",
    auth: 'user',
    body: z.strictObject({
      entityTypes: z.array(formEntityTypeSchema).min(1).max(1),
      companyIds: z.array(dbId).max(1000).optional(),
    }),
    output: z.object({ content: z.array(formDefinitionSchema) }),
  }),
  formsUpdateValues: endpoint({
    ...post('entities.forms.updateValues'),
    summary:
      "Saves a form's values for one asset of a ticket (replacing them: what is left out is cleared) with the work time sheet, whose new periods become time entries on the ticket once. Values are validated like the form screen does; missing required values leave the form In Progress.",
    auth: 'user',
    body: z.strictObject({
      ...entityKey,
      formId: dbId,
      assetId: dbId,
      formValues: z.array(formValueSchema).max(FORM_ELEMENTS_MAX),
      checkRequiredFormElementValues: z.literal(true),
      workTimeSheet: z.array(formTimeEntrySchema).max(FORM_WORK_TIME_SHEET_MAX).default([]),
    }),
    output: formInstanceValuesSchema,
  }),
  formsListValues: endpoint({
    ...post('entities.forms.listValues'),
    summary:
      'The filled forms of a ticket with their values: each form per asset, optionally only some forms or assets.',
    auth: 'user',
    body: z.strictObject({
      ...entityKey,
      formIds: z.array(dbId).max(100).optional(),
      assetIds: z.array(dbId).max(100).optional(),
    }),
    output: z.object({ content: z.array(formInstanceValuesSchema) }),
  }),
  formsListMetadata: endpoint({
    ...post('entities.forms.listMetadata'),
    summary:
      "The metadata of a ticket's filled forms (status, version, timer periods); no entry: 'Available'.",
    auth: 'user',
    body: z.strictObject({ ...entityKey, formIds: z.array(dbId).max(100).optional() }),
    output: z.object({ content: z.array(formMetadataSchema) }),
  }),
  formsListInstances: endpoint({
    ...post('entities.forms.listInstances'),
    summary:
      'The form explorer (getFormInstances): filled forms of the tickets the caller may see, filtered by company and by a date window (used only when from is before to), sorted (date newest first by default) and paged.',
    auth: 'user',
    body: z.strictObject({
      formInstanceKeys: z
        .array(z.strictObject({ entityType: formEntityTypeSchema, entityId: dbId.optional() }))
        .min(1)
        .max(100),
      companyIds: z.array(dbId).max(1000).optional(),
      timeWindow: z.strictObject({ from: isoInstant, to: isoInstant }).optional(),
      pageableQuery: pageableQuerySchema.optional(),
    }),
    output: pagedSchema(formInstanceRowSchema),
  }),
  formsListAttachments: endpoint({
    ...post('entities.forms.listAttachments'),
    summary: "The files of a ticket's filled forms, newest first.",
    auth: 'user',
    body: z.strictObject({
      ...entityKey,
      formIds: z.array(dbId).max(100).optional(),
      assetIds: z.array(dbId).max(100).optional(),
    }),
    output: z.object({ content: z.array(formAttachmentSchema) }),
  }),
  formsGetAttachmentSignedUrl: endpoint({
    ...post('entities.forms.getAttachmentS3SignedUrl'),
    summary: 'A time-limited download URL of a form attachment (opened in a new tab).',
    auth: 'user',
    body: z.strictObject({ formAttachmentId: dbId, entityType: formEntityTypeSchema }),
    output: z.object({ url: z.string() }),
  }),
  formsCreateAttachment: endpoint({
    ...post('entities.forms.createAttachment'),
    summary:
      'Adds a file to a filled form. multipart/form-data with fields formId, entityType, entityId, assetId, filename, description and the file in upload. Files of 300MB or more are refused.',
    auth: 'user',
    requestType: 'multipart',
    // Form fields arrive as text, like path parameters.
    body: z.strictObject({
      formId: idParam,
      entityType: formEntityTypeSchema,
      entityId: idParam,
      assetId: idParam,
      filename: z.string().trim().min(1).max(255).optional(),
      description: z.string().trim().max(500).optional(),
    }),
    output: formAttachmentSchema,
  }),
  formsDeleteAttachment: endpoint({
    ...post('entities.forms.deleteAttachment'),
    summary: 'Removes a form attachment: its uploader, or provider staff who may change the ticket.',
    auth: 'user',
    body: z.strictObject({ formAttachmentId: dbId, entityType: formEntityTypeSchema }),
    output: z.object({ formAttachmentId: z.number().int() }),
  }),
  formDefinitionsList: endpoint({
    ...post('entities.forms.definitions.list'),
    summary: "The form editor's list: every form the caller may see with its versions, newest first.",
    auth: 'user',
    output: z.object({
      content: z.array(
        formDefinitionSchema.omit({ formElements: true, version: true }).extend({
          elementCount: z.number().int(),
          updatedAt: z.string(),
          versions: z.array(
            z.object({
              version: z.number().int(),
              createdAt: z.string(),
              createdByName: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  }),
  formDefinitionsGet: endpoint({
    ...post('entities.forms.definitions.get'),
    summary: 'A form at a version (the latest when left out): the version a filled form was filled against.',
    auth: 'user',
    body: z.strictObject({ formId: dbId, version: z.number().int().min(1).max(100_000).optional() }),
    output: formDefinitionSchema,
  }),
  formDefinitionsCreate: endpoint({
    ...post('entities.forms.definitions.create'),
    summary: "Creates a form (version 1); provider staff only. companyId: one company's own form.",
    auth: 'user',
    body: z.strictObject({
      ...definitionFields,
      companyId: dbId.nullable().default(null),
      ticketTypeValues: ticketTypeValues.default([]),
    }),
    output: formDefinitionSchema,
  }),
  formDefinitionsSave: endpoint({
    ...post('entities.forms.definitions.save'),
    summary:
      'Saves a form as a new version (forms filled before keep theirs); provider staff only. expectedVersion: refused (409) when another save came first.',
    auth: 'user',
    body: z.strictObject({
      formId: dbId,
      expectedVersion: z.number().int().min(1).max(100_000).optional(),
      ...definitionFields,
    }),
    output: formDefinitionSchema,
  }),
  formDefinitionsSetTicketTypes: endpoint({
    ...post('entities.forms.definitions.setTicketTypes'),
    summary: 'Sets the ticket types a form is offered on (-1 universal: every type); provider staff only.',
    auth: 'user',
    body: z.strictObject({ formId: dbId, ticketTypeValues }),
    output: formDefinitionSchema,
  }),
};
