import { ASSET_TYPE } from '@kelvin/domain';
import { addAssetToDefaultGroups } from '../modules/access/accessGroupsRepository.ts';
import { insertArtifact } from '../modules/assets/assetArtifactsRepository.ts';
import { SYSTEM_METADATA_ARTIFACT } from '../modules/assets/assetArtifactsService.ts';
import { insertAsset, replaceProperties } from '../modules/assets/assetsRepository.ts';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import type { FileStore } from '../platform/files/fileStore.ts';
import type { DemoAgent, DemoCompany, DemoDatahall } from './demoFleet.ts';
import type { DemoUnit } from './demoUnits.ts';

/** Seeds one company's sites and make-up-air units, and gives its users default access groups holding them. */
export async function seedFleet(
  tx: Tx,
  companyId: number,
  demo: DemoCompany,
  userIds: readonly number[],
  files?: FileStore,
) {
  const addAsset = async (
    assetTypeId: number,
    parentAssetId: number | null,
    name: string,
    properties: Readonly<Record<string, string>>,
    isMonitored = true,
  ) => {
    const asset = await insertAsset(tx, { companyId, parentAssetId, assetTypeId, name, isMonitored });
    const entries = Object.entries({ name, ...properties }).map(([key, value], displayOrder) => ({
      name: key,
      value,
      displayOrder,
    }));
    await replaceProperties(tx, asset.assetId, entries);
    await recordEvent(tx, {
      name: 'assets.create',
      actorUserId: null,
      companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: { name, assetTypeId, parentAssetId, source: 'demo' },
    });
    return asset.assetId;
  };
  // A unit records the layout of the hall it stands in, as the unit template asks an installer to.
  const addUnits = async (parentAssetId: number, units: readonly DemoUnit[], deviceLayout: string) => {
    for (const { name, ...properties } of units)
      await addAsset(ASSET_TYPE.unit, parentAssetId, name, { ...properties, deviceLayout });
  };
  const addDatahall = async (buildingId: number, datahall: DemoDatahall) => {
    const { deviceLayout } = datahall;
    const datahallId = await addAsset(ASSET_TYPE.datahall, buildingId, datahall.name, { deviceLayout });
    await addUnits(datahallId, datahall.units, deviceLayout);
    for (const { units, name, ...properties } of datahall.splitUnits) {
      await addUnits(await addAsset(ASSET_TYPE.splitUnit, datahallId, name, properties), units, deviceLayout);
    }
    await seedAgent(tx, await addAgent(datahallId, datahall.agent), datahall, files);
  };
  const addAgent = (datahallId: number, { name, ...properties }: DemoAgent) =>
    addAsset(ASSET_TYPE.agent, datahallId, name, properties);

  const topLevel: number[] = [];
  for (const site of demo.sites) {
    const siteId = await addAsset(ASSET_TYPE.site, null, site.name, {
      city: site.city,
      address: site.address,
    });
    topLevel.push(siteId);
    for (const building of site.buildings) {
      const buildingId = await addAsset(ASSET_TYPE.building, siteId, building.name, {});
      for (const datahall of building.datahalls) await addDatahall(buildingId, datahall);
    }
  }
  // No agent polls the make-up-air units: they are recorded but not monitored (health NO_MONITOR).
  for (const { name, ...properties } of demo.makeUpAirUnits) {
    topLevel.push(await addAsset(ASSET_TYPE.makeUpAirUnit, null, name, properties, false));
  }
  for (const assetId of topLevel) await addAssetToDefaultGroups(tx, assetId, userIds);
  return topLevel;
}

/**
 * One system-metadata artifact per agent, as an agent uploads after it starts. The row's metadata is what
 * `system-metadata/last` answers; the file itself is written only when the seed is given the file store.
 */
async function seedAgent(tx: Tx, agentId: number, datahall: DemoDatahall, files: FileStore | undefined) {
  const metadata = [
    { name: 'hostname', value: datahall.agent.name.toLowerCase() },
    { name: 'firmwareVersion', value: datahall.agent.firmwareVersion },
    { name: 'privateIpAddress', value: datahall.agent.privateIpAddress },
    { name: 'operatingSystem', value: 'Debian GNU/Linux 12 (bookworm)' },
    { name: 'kernel', value: '6.1.0-28-amd64' },
    {
      name: 'unitsPolled',
      value: String(datahall.units.length + datahall.splitUnits.flatMap((s) => s.units).length),
    },
    { name: 'protocol', value: 'Modbus TCP, BACnet/IP' },
  ];
  const fileName = 'system-metadata.json';
  const filePath = `asset-artifacts/${agentId}/${fileName}`;
  const content = Buffer.from(JSON.stringify(metadata, null, 2));
  if (files) await files.put(filePath, content);
  await insertArtifact(tx, {
    assetId: agentId,
    artifactType: SYSTEM_METADATA_ARTIFACT,
    fileName,
    contentType: 'application/json',
    filePath,
    fileSizeInBytes: content.byteLength,
    metadata,
  });
}
