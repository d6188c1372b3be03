import type { Asset, BodyOf, Contract } from '@kelvin/contract';
import { MOVE_UNDER_ITSELF_MESSAGE, placementError, wouldCreateCycle } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { isExternal, requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { badField, badRequest, conflict, notFound } from '../../http/httpError.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { findCompany } from '../companies/companiesRepository.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { requireAttachableGroup } from '../thresholds/thresholdsService.ts';
import { requireHoldableMonitorGroup } from '../problemRules/monitorGroupsService.ts';
import { addAssetToDefaultGroups, removeAssetFromAllGroups } from '../access/accessGroupsRepository.ts';
import { assetVisibility, canSeeAsset } from '../access/assetAccess.ts';
import { presentOne } from './assetsPresenter.ts';
import {
  ancestorIds,
  chainsUpFrom,
  countChildren,
  deleteProperty,
  findAsset,
  findAssetType,
  insertAsset,
  propertiesOf,
  replaceProperties,
  updateAsset,
  upsertProperty,
  type AssetRow,
} from './assetsRepository.ts';
import { loadVisibleAsset, WRITE } from './assetsService.ts';

type CreateInput = BodyOf<Contract['assetsCreate']>;
type UpdateFields = BodyOf<Contract['assetsPut']>;
type PropertiesInput = BodyOf<Contract['assetsPropertiesPut']>;

const CROSS_COMPANY_PARENT = 'The parent asset belongs to another company.';
const CROSS_COMPANY_MOVE = 'An asset cannot be moved to another company.';

function assetEvent(auth: AuthContext, name: string, asset: AssetRow, data: Record<string, unknown>) {
  return {
    name,
    actorUserId: auth.user.userId,
    companyId: asset.companyId,
    subjectType: 'asset',
    subjectId: asset.assetId,
    data,
  };
}

/**
 * The parent a write may use: visible to the caller for writing (404 for missing and invisible alike) and of
 * the asset's company (400 with `crossCompany`).
 */
async function loadParent(
  tx: Tx,
  auth: AuthContext,
  parentAssetId: number,
  companyId: number,
  crossCompany: string,
) {
  const parent = await findAsset(tx, parentAssetId, 'share');
  if (!parent || !canSeeAsset(await assetVisibility(tx, auth, WRITE), parent))
    throw notFound('Parent asset not found.');
  if (parent.companyId !== companyId) throw badField('body.parentAssetId', crossCompany);
  return parent;
}

export async function createAsset(db: Db, auth: AuthContext, input: CreateInput): Promise<Asset> {
  requirePermission(auth, WRITE);
  return db.transaction(async (tx) => {
    requireCompanyAccess(auth, WRITE, input.companyId, 'Company not found.');
    const company = await findCompany(tx, input.companyId);
    if (!company || company.isDeleted) throw notFound('Company not found.');
    if (!(await findAssetType(tx, input.assetTypeId)))
      throw badField('body.assetTypeId', `Unknown asset type ${input.assetTypeId}.`);
    const parent =
      input.parentAssetId === null
        ? null
        : await loadParent(tx, auth, input.parentAssetId, input.companyId, CROSS_COMPANY_PARENT);
    const problem = placementError(input.assetTypeId, parent?.assetTypeId ?? null);
    if (problem) throw badField('body.parentAssetId', problem);
    if (typeof input.monitorGroupId === 'number') {
      await requireHoldableMonitorGroup(tx, input.monitorGroupId, input.companyId);
    }

    const row = await insertAsset(tx, {
      companyId: input.companyId,
      parentAssetId: parent?.assetId ?? null,
      assetTypeId: input.assetTypeId,
      name: input.name ?? null,
      aliasPrefix: input.aliasPrefix ?? null,
      isMonitored: input.isMonitored,
      monitorGroupId: input.monitorGroupId ?? null,
      subscription: input.subscription ?? null,
    });
    // The name column and the 'name' property say the same thing; the display name reads the property.
    if (row.name) await upsertProperty(tx, row.assetId, 'name', row.name);
    // An external user sees only their access groups: a top-level asset they create would vanish from their view.
    if (parent === null && isExternal(auth))
      await addAssetToDefaultGroups(tx, row.assetId, [auth.user.userId]);
    await recordEvent(
      tx,
      assetEvent(auth, 'assets.create', row, {
        assetTypeId: row.assetTypeId,
        parentAssetId: row.parentAssetId,
        name: row.name,
      }),
    );
    return presentOne(tx, row);
  });
}

export async function updateAssetFields(
  db: Db,
  auth: AuthContext,
  assetId: number,
  fields: UpdateFields,
): Promise<Asset> {
  return db.transaction(async (tx) => {
    const current = await loadVisibleAsset(tx, auth, WRITE, assetId);
    // JSON carries no undefined, so every key present is a field the caller set.
    const changed = Object.keys(fields);
    // Nothing to change: nothing written and nothing in the audit trail, as for companies and users.
    if (changed.length === 0) return presentOne(tx, current);
    if (typeof fields.thresholdGroupId === 'number') {
      await requireAttachableGroup(tx, fields.thresholdGroupId, current.companyId);
    }
    if (typeof fields.monitorGroupId === 'number') {
      await requireHoldableMonitorGroup(tx, fields.monitorGroupId, current.companyId);
    }
    const row = await updateAsset(tx, assetId, fields);
    if (fields.name !== undefined) {
      if (fields.name === null) await deleteProperty(tx, assetId, 'name');
      else await upsertProperty(tx, assetId, 'name', fields.name);
    }
    await recordEvent(tx, assetEvent(auth, 'assets.update', row, { fields: changed }));
    return presentOne(tx, row);
  });
}

export async function moveAsset(
  db: Db,
  auth: AuthContext,
  assetId: number,
  parentAssetId: number | null,
): Promise<Asset> {
  return db.transaction(async (tx) => {
    const asset = await loadVisibleAsset(tx, auth, WRITE, assetId);
    let parent: AssetRow | null = null;
    if (parentAssetId !== null) {
      const links = await chainsUpFrom(tx, [parentAssetId]);
      if (wouldCreateCycle(assetId, parentAssetId, ancestorIds(links, parentAssetId))) {
        // The rule is about the pair: the asset moved and where it goes.
        throw badRequest(MOVE_UNDER_ITSELF_MESSAGE, [
          { field: 'params.id', message: MOVE_UNDER_ITSELF_MESSAGE },
          { field: 'body.parentAssetId', message: MOVE_UNDER_ITSELF_MESSAGE },
        ]);
      }
      parent = await loadParent(tx, auth, parentAssetId, asset.companyId, CROSS_COMPANY_MOVE);
    } else {
      // Directly under the company: the caller's grant must reach the company itself.
      requireCompanyAccess(auth, WRITE, asset.companyId);
    }
    const problem = placementError(asset.assetTypeId, parent?.assetTypeId ?? null);
    if (problem) throw badField('body.parentAssetId', problem);
    const row = await updateAsset(tx, assetId, { parentAssetId });
    await recordEvent(
      tx,
      assetEvent(auth, 'assets.move', row, { from: asset.parentAssetId, to: parentAssetId }),
    );
    return presentOne(tx, row);
  });
}

export async function deleteAsset(db: Db, auth: AuthContext, assetId: number): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const asset = await loadVisibleAsset(tx, auth, WRITE, assetId);
    // Held until commit: a child being created under this asset waits, then sees it deleted.
    await findAsset(tx, assetId, 'update');
    const children = await countChildren(tx, assetId);
    if (children > 0) {
      throw conflict(
        `This asset has ${children} child ${children === 1 ? 'asset' : 'assets'}: move or delete them first.`,
      );
    }
    const row = await updateAsset(tx, assetId, { isDeleted: true });
    await removeAssetFromAllGroups(tx, assetId);
    await recordEvent(tx, assetEvent(auth, 'assets.delete', row, { name: asset.name }));
    return { ok: true as const };
  });
}

/** Replaces the property list in one transaction: a reader sees the old set or the new one, never a mix. */
export async function putProperties(db: Db, auth: AuthContext, assetId: number, input: PropertiesInput) {
  const seen = new Set<string>();
  const duplicates = input.filter((property) =>
    seen.has(property.name) ? true : (seen.add(property.name), false),
  );
  if (duplicates.length > 0) {
    throw badRequest(
      `Property names must be unique: ${[...new Set(duplicates.map((p) => p.name))].join(', ')}.`,
      [{ field: 'body', message: 'Duplicate property names' }],
    );
  }
  const properties = input.map((property, index) => ({
    name: property.name,
    value: property.value,
    displayOrder: property.displayOrder ?? index,
  }));
  return db.transaction(async (tx) => {
    await loadVisibleAsset(tx, auth, WRITE, assetId);
    await replaceProperties(tx, assetId, properties);
    const name = properties.find((property) => property.name === 'name')?.value.trim() ?? null;
    const row = await updateAsset(tx, assetId, { name: name === '' ? null : name });
    await recordEvent(
      tx,
      assetEvent(auth, 'assets.properties.put', row, { names: properties.map((p) => p.name) }),
    );
    return ((await propertiesOf(tx, [assetId])).get(assetId) ?? []).map(
      ({ name: n, value, displayOrder }) => ({
        name: n,
        value,
        displayOrder,
      }),
    );
  });
}
