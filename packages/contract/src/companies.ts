import { z } from 'zod';
import { commaSeparatedIds, idParam, okSchema, queryBoolean, dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { subscriptionPlanSchema } from './users.ts';

export const companySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  netSuiteCustomerInternalId: z.string().nullable(),
  subscription: subscriptionPlanSchema,
  /** A signed, time-limited URL of the logo, or null without a logo. */
  logoUrl: z.string().nullable(),
  logoContentType: z.string().nullable(),
  logoFilePath: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

const companyName = z.string().trim().min(1, 'Name is required').max(200, 'Name is at most 200 characters');
const netSuiteId = z.string().trim().max(50).nullable().default(null);

export const companyFieldsSchema = z.strictObject({
  name: companyName,
  netSuiteCustomerInternalId: netSuiteId,
  subscription: subscriptionPlanSchema,
});
const companyIdBody = z.strictObject({ companyId: dbId });

/** Logo uploads: the image types a browser shows, up to 2 MB. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2_000_000;

export const companiesEndpoints = {
  companiesCreate: endpoint({
    name: 'companies.create',
    method: 'POST',
    path: '/companies.create',
    summary: 'Creates a company (provider staff with companies:write on every company).',
    auth: 'user',
    body: companyFieldsSchema,
    output: companySchema,
  }),
  companiesUpdate: endpoint({
    name: 'companies.update',
    method: 'POST',
    path: '/companies.update',
    summary: "Updates a company's name, accounting id and plan.",
    auth: 'user',
    body: companyFieldsSchema.extend({ companyId: dbId }),
    output: companySchema,
  }),
  companiesGetLogoS3SignedUrl: endpoint({
    name: 'companies.getLogoS3SignedUrl',
    method: 'POST',
    path: '/companies.getLogoS3SignedUrl',
    summary: "A time-limited URL of the company's logo, or null when it has none.",
    auth: 'user',
    body: companyIdBody,
    output: z.object({ url: z.string().nullable() }),
  }),
  companiesUpdateLogo: endpoint({
    name: 'companies.updateLogo',
    method: 'POST',
    path: '/companies.updateLogo',
    summary: 'Replaces the logo. multipart/form-data with fields companyId and upload (the image file).',
    auth: 'user',
    requestType: 'multipart',
    // A form field arrives as text, like a path parameter.
    body: z.strictObject({ companyId: idParam }),
    output: companySchema,
  }),
  companiesDeleteLogo: endpoint({
    name: 'companies.deleteLogo',
    method: 'POST',
    path: '/companies.deleteLogo',
    summary: 'Removes the logo.',
    auth: 'user',
    body: companyIdBody,
    output: companySchema,
  }),
  // Generic CRUD (spec: "Generic CRUD for companies (key companyId)").
  companiesList: endpoint({
    name: 'companies.list',
    method: 'GET',
    path: '/companies',
    summary: 'The companies the caller may read, by name.',
    auth: 'user',
    query: z.strictObject({
      companyIds: commaSeparatedIds.optional(),
      includeDeleted: queryBoolean.optional(),
    }),
    output: z.array(companySchema),
  }),
  companiesGet: endpoint({
    name: 'companies.get',
    method: 'GET',
    path: '/companies/{companyId}',
    summary: 'One company.',
    auth: 'user',
    params: z.strictObject({ companyId: idParam }),
    output: companySchema,
  }),
  companiesPost: endpoint({
    name: 'companies.post',
    method: 'POST',
    path: '/companies',
    summary: 'Creates a company (generic CRUD form of companies.create).',
    auth: 'user',
    body: companyFieldsSchema,
    output: companySchema,
  }),
  companiesPut: endpoint({
    name: 'companies.put',
    method: 'PUT',
    path: '/companies/{companyId}',
    summary: 'Updates a company (generic CRUD form of companies.update).',
    auth: 'user',
    params: z.strictObject({ companyId: idParam }),
    body: companyFieldsSchema,
    output: companySchema,
  }),
  companiesDelete: endpoint({
    name: 'companies.delete',
    method: 'DELETE',
    path: '/companies/{companyId}',
    summary: 'Marks a company deleted. Refused while it has active users or assets.',
    auth: 'user',
    params: z.strictObject({ companyId: idParam }),
    output: okSchema,
  }),
};
