import { z } from 'zod';
import { commaSeparatedIds, dbId, idParam, MAX_ID, okSchema, queryBoolean } from './common.ts';
import { endpoint } from './endpoint.ts';
import { subscriptionPlanSchema, userSchema } from './users.ts';

export const assetPropertySchema = z.object({
  name: z.string(),
  value: z.string(),
  displayOrder: z.number().int(),
});
export type AssetProperty = z.infer<typeof assetPropertySchema>;

/** Contracts and warranties covering an asset; filled in by the contracts and warranties areas. */
export const assetCoverageSchema = z.object({
  assetId: z.number().int(),
  contracts: z.array(z.object({ contractId: z.number().int(), label: z.string() })),
  warranties: z.array(z.object({ warrantyId: z.number().int(), label: z.string() })),
});

export const assetSchema = z.object({
  assetId: z.number().int(),
  companyId: z.number().int(),
  /** The nearest building and data hall above the asset, when there is one. */
  buildingId: z.number().int().nullable(),
  datahallId: z.number().int().nullable(),
  parentAssetId: z.number().int().nullable(),
  assetTypeId: z.number().int(),
  /** The asset type's name. */
  type: z.string(),
  name: z.string().nullable(),
  aliasPrefix: z.string().nullable(),
  isActive: z.boolean(),
  isMonitored: z.boolean(),
  monitorGroupId: z.number().int().nullable(),
  thresholdGroupId: z.number().int().nullable(),
  isSplitUnit: z.boolean(),
  subscription: subscriptionPlanSchema.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  isDeleted: z.boolean(),
  properties: z.array(assetPropertySchema),
  coverage: assetCoverageSchema.optional(),
  activeCoverage: assetCoverageSchema.optional(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetTypeSchema = z.object({ assetTypeId: z.number().int(), name: z.string() });
export const assetTypePropertySchema = z.object({
  name: z.string(),
  label: z.string(),
  isRequired: z.boolean(),
  displayOrder: z.number().int(),
});

export const assetNoteSchema = z.object({
  assetNoteId: z.number().int(),
  assetId: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssetNote = z.infer<typeof assetNoteSchema>;

export const assetArtifactSchema = z.object({
  assetArtifactIndexId: z.number().int(),
  assetId: z.number().int(),
  artifactType: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSizeInBytes: z.number().int(),
  createdAt: z.string(),
});

export const assetHealthSchema = z.enum([
  'HEALTHY',
  'WARNING',
  'CRITICAL',
  'COMMUNICATION_LOST',
  'MAINTENANCE_MODE',
  'NO_MONITOR',
]);
export type AssetHealth = z.infer<typeof assetHealthSchema>;

export const assetStateSchema = z.object({
  assetId: z.number().int(),
  health: assetHealthSchema,
  /** When the asset last sent a value; null if never (telemetry fills this in). */
  lastSeenAt: z.string().nullable(),
});
/**
 * An asset as the overview draws it (assets.fleet): where it hangs and what it is called, nothing else. The full
 * asset of assets.list is over four times the size (metadata, properties), which 5,000 tiles never read.
 */
export const fleetAssetSchema = z.object({
  assetId: z.number().int(),
  companyId: z.number().int(),
  parentAssetId: z.number().int().nullable(),
  assetTypeId: z.number().int(),
  /** The name the asset tree shows (the name property, else its type and position). */
  name: z.string(),
});
export type FleetAsset = z.infer<typeof fleetAssetSchema>;

export const onlineStatusSchema = z.object({
  assetId: z.number().int(),
  isOnline: z.boolean(),
  lastSeenAt: z.string().nullable(),
});

const assetIdBody = z.strictObject({ assetId: dbId });
const assetIdParams = z.strictObject({ id: idParam });
const propertyInput = z.strictObject({
  name: z.string().trim().min(1, 'Property name is required').max(100),
  value: z.string().max(2000),
  // Stored as a PostgreSQL integer: a larger order is a 400, not a database error.
  displayOrder: z.number().int().min(0).max(MAX_ID).optional(),
});
const assetUpdateFields = {
  name: z.string().trim().min(1).max(200).nullable().optional(),
  aliasPrefix: z.string().trim().max(100).nullable().optional(),
  isActive: z.boolean().optional(),
  isMonitored: z.boolean().optional(),
  monitorGroupId: dbId.nullable().optional(),
  thresholdGroupId: dbId.nullable().optional(),
  subscription: subscriptionPlanSchema.nullable().optional(),
  /** Free-form, so bounded: it travels with every asset in every list. */
  metadata: z
    .record(z.string().max(100), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 16_384, 'Metadata is at most 16 KB of JSON')
    .optional(),
};
/** ISO-8601 duration such as PT10M (spec: active alert interval PT10M). */
export const isoDuration = z
  .string()
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, {
    message: "Duration string not recognized. Must start with 'P'.",
  });

export const assetsEndpoints = {
  assetsList: endpoint({
    name: 'assets.list',
    method: 'GET',
    path: '/assets',
    summary: 'Assets the caller may see, filtered by ids, companies, types and parents (comma-joined lists).',
    auth: 'user',
    query: z.strictObject({
      assetIds: commaSeparatedIds.optional(),
      companyIds: commaSeparatedIds.optional(),
      assetTypeIds: commaSeparatedIds.optional(),
      parentAssetIds: commaSeparatedIds.optional(),
      includeDeleted: queryBoolean.optional(),
    }),
    output: z.array(assetSchema),
  }),
  assetsGet: endpoint({
    name: 'assets.get',
    method: 'GET',
    path: '/assets/{id}',
    summary: 'One asset; with includeCoverage=true also its contracts and warranties.',
    auth: 'user',
    params: assetIdParams,
    query: z.strictObject({ includeCoverage: queryBoolean.optional() }),
    output: assetSchema,
  }),
  assetTypesList: endpoint({
    name: 'assets.types.list',
    method: 'GET',
    path: '/assets/types',
    summary: 'Every asset type.',
    auth: 'user',
    output: z.array(assetTypeSchema),
  }),
  assetTypeProperties: endpoint({
    name: 'assets.types.properties',
    method: 'GET',
    path: '/assets/types/{id}/properties',
    summary: "The properties an asset type's template asks for, in display order.",
    auth: 'user',
    params: assetIdParams,
    output: z.array(assetTypePropertySchema),
  }),
  assetsChildren: endpoint({
    name: 'assets.children',
    method: 'GET',
    path: '/assets/{id}/children',
    summary: 'The direct children of an asset.',
    auth: 'user',
    params: assetIdParams,
    output: z.array(assetSchema),
  }),
  assetsParents: endpoint({
    name: 'assets.parents',
    method: 'GET',
    path: '/assets/{id}/parents',
    summary: 'The ancestors of an asset, ordered from the root.',
    auth: 'user',
    params: assetIdParams,
    output: z.array(assetSchema),
  }),
  assetsPropertiesGet: endpoint({
    name: 'assets.properties.get',
    method: 'GET',
    path: '/assets/{id}/properties',
    summary: "An asset's properties in display order.",
    auth: 'user',
    params: assetIdParams,
    output: z.array(assetPropertySchema),
  }),
  assetsPropertiesPut: endpoint({
    name: 'assets.properties.put',
    method: 'PUT',
    path: '/assets/{id}/properties',
    summary: "Replaces an asset's properties with the given list.",
    auth: 'user',
    params: assetIdParams,
    body: z.array(propertyInput).max(500),
    output: z.array(assetPropertySchema),
  }),
  assetsMove: endpoint({
    name: 'assets.move',
    method: 'PUT',
    path: '/assets/{id}/move',
    summary:
      'Moves an asset under another parent (null: directly under the company), keeping the hierarchy rules.',
    auth: 'user',
    params: assetIdParams,
    body: z.strictObject({ parentAssetId: dbId.nullable() }),
    output: assetSchema,
  }),
  assetsDelete: endpoint({
    name: 'assets.delete',
    method: 'DELETE',
    path: '/assets/{id}',
    summary: 'Deletes an asset without children.',
    auth: 'user',
    params: assetIdParams,
    output: okSchema,
  }),
  assetsPut: endpoint({
    name: 'assets.put',
    method: 'PUT',
    path: '/assets/{id}',
    summary: "Updates an asset's own fields.",
    auth: 'user',
    params: assetIdParams,
    body: z.strictObject(assetUpdateFields),
    output: assetSchema,
  }),
  assetsCreate: endpoint({
    name: 'assets.create',
    method: 'POST',
    path: '/assets.create',
    summary: 'Creates an asset under a parent of the same company, keeping the hierarchy rules.',
    auth: 'user',
    body: z.strictObject({
      companyId: dbId,
      assetTypeId: dbId,
      parentAssetId: dbId.nullable(),
      name: z.string().trim().min(1).max(200).nullable().optional(),
      aliasPrefix: z.string().trim().max(100).nullable().optional(),
      isMonitored: z.boolean().default(true),
      monitorGroupId: dbId.nullable().optional(),
      subscription: subscriptionPlanSchema.nullable().optional(),
    }),
    output: assetSchema,
  }),
  assetsUpdate: endpoint({
    name: 'assets.update',
    method: 'POST',
    path: '/assets.update',
    summary: "Updates an asset's own fields (action form of PUT assets/{id}).",
    auth: 'user',
    body: z.strictObject({ assetId: dbId, ...assetUpdateFields }),
    output: assetSchema,
  }),
  assetNotesList: endpoint({
    name: 'assets.notes.list',
    method: 'POST',
    path: '/assets.notes.list',
    summary: 'Notes on an asset, newest first.',
    auth: 'user',
    body: assetIdBody,
    output: z.array(assetNoteSchema),
  }),
  assetNotesCreate: endpoint({
    name: 'assets.notes.create',
    method: 'POST',
    path: '/assets.notes.create',
    summary: 'Adds a note to an asset.',
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      note: z.string().trim().min(1).max(10_000),
    }),
    output: assetNoteSchema,
  }),
  assetNotesUpdate: endpoint({
    name: 'assets.notes.update',
    method: 'POST',
    path: '/assets.notes.update',
    summary: "Changes a note's text.",
    auth: 'user',
    body: z.strictObject({
      assetNoteId: dbId,
      note: z.string().trim().min(1).max(10_000),
    }),
    output: assetNoteSchema,
  }),
  assetNotesDelete: endpoint({
    name: 'assets.notes.delete',
    method: 'POST',
    path: '/assets.notes.delete',
    summary: 'Deletes a note.',
    auth: 'user',
    body: z.strictObject({ assetNoteId: dbId }),
    output: okSchema,
  }),
  assetsListSplitUnits: endpoint({
    name: 'assets.listSplitUnits',
    method: 'POST',
    path: '/assets.listSplitUnits',
    summary: 'Split units under the given parents.',
    auth: 'user',
    body: z.strictObject({ parentAssetIds: z.array(dbId).max(1000) }),
    output: z.array(assetSchema),
  }),
  assetArtifactsList: endpoint({
    name: 'assets.artifacts.list',
    method: 'POST',
    path: '/assets.artifacts.list',
    summary: "An asset's artifacts, newest first.",
    auth: 'user',
    body: z.strictObject({ assetId: dbId, artifactType: z.string().optional() }),
    output: z.array(assetArtifactSchema),
  }),
  assetArtifactsDownloadUrl: endpoint({
    name: 'assets.artifacts.getDownloadS3SignedUrl',
    method: 'POST',
    path: '/assets.artifacts.getDownloadS3SignedUrl',
    summary: 'A time-limited download URL of an artifact.',
    auth: 'user',
    body: z.strictObject({ assetArtifactIndexId: dbId }),
    output: z.object({ url: z.string() }),
  }),
  assetSystemMetadataLast: endpoint({
    name: 'assets.artifacts.systemMetadata.last',
    method: 'GET',
    path: '/assets/{assetId}/artifacts/system-metadata/last',
    summary: 'Name/value pairs of the latest system-metadata artifact; any failure answers an empty list.',
    auth: 'user',
    params: z.strictObject({ assetId: idParam }),
    output: z.array(z.object({ name: z.string(), value: z.string() })),
  }),
  assetsStateList: endpoint({
    name: 'assets.state.list',
    method: 'POST',
    path: '/assets.state.list',
    summary: 'Derived health of each asset over the active interval.',
    auth: 'user',
    body: z.strictObject({
      assetIds: z.array(dbId).max(5000),
      activeInterval: isoDuration,
    }),
    output: z.array(assetStateSchema),
  }),
  assetsFleet: endpoint({
    name: 'assets.fleet',
    method: 'GET',
    path: '/assets/fleet',
    summary:
      'Every asset the caller may see, slim: id, company, parent, type and display name (the overview of a fleet).',
    auth: 'user',
    output: z.array(fleetAssetSchema),
  }),
  assetsFleetState: endpoint({
    name: 'assets.fleet.state',
    method: 'POST',
    path: '/assets.fleet.state',
    summary:
      'Derived health of every unit and make-up-air unit the caller may see, as assets.state.list answers it.',
    auth: 'user',
    body: z.strictObject({ activeInterval: isoDuration }),
    output: z.array(assetStateSchema),
  }),
  assetsGetOnlineStatus: endpoint({
    name: 'assets.getOnlineStatus',
    method: 'POST',
    path: '/assets.getOnlineStatus',
    summary: 'Whether each asset sent data recently. The body is the list of asset ids.',
    auth: 'user',
    body: z.array(dbId).max(5000),
    output: z.array(onlineStatusSchema),
  }),
  accessGroupsListUserAssets: endpoint({
    name: 'assetAccessGroups.users.listAssets',
    method: 'POST',
    path: '/assetAccessGroups.users.listAssets',
    summary: "The assets in a user's access groups.",
    auth: 'user',
    body: z.strictObject({ userId: dbId }),
    output: z.array(assetSchema),
  }),
  accessGroupsListAssetUsers: endpoint({
    name: 'assetAccessGroups.assets.listUsers',
    method: 'POST',
    path: '/assetAccessGroups.assets.listUsers',
    summary: 'The users whose access groups hold an asset.',
    auth: 'user',
    body: assetIdBody,
    output: z.array(userSchema),
  }),
  accessGroupsAddAsset: endpoint({
    name: 'assetAccessGroups.addAssetToUsersDefaultAccessGroup',
    method: 'POST',
    path: '/assetAccessGroups.addAssetToUsersDefaultAccessGroup',
    summary: "Adds an asset to each user's default access group.",
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      userIds: z.array(dbId).min(1).max(1000),
    }),
    output: okSchema,
  }),
  accessGroupsDeleteAsset: endpoint({
    name: 'assetAccessGroups.deleteAssetFromUsersDefaultAccessGroup',
    method: 'POST',
    path: '/assetAccessGroups.deleteAssetFromUsersDefaultAccessGroup',
    summary: "Removes an asset from each user's default access group.",
    auth: 'user',
    body: z.strictObject({
      assetId: dbId,
      userIds: z.array(dbId).min(1).max(1000),
    }),
    output: okSchema,
  }),
};
