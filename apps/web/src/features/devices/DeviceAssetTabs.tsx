import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';
import { devicePaths } from '../../shared/routing/paths.ts';
import { AssetArtifactsTab } from '../assets/AssetArtifactsTab.tsx';
import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { AssetHierarchyTab } from '../assets/AssetHierarchyTab.tsx';
import { AssetPropertiesTab } from '../assets/AssetPropertiesEditor.tsx';
import { AssetUsersTab } from '../assets/AssetUsersTab.tsx';

/** The device asset tabs that have screens; each reads the asset of the route. */
export function DeviceHierarchyTab() {
  return (
    <AssetFromRoute>
      {(asset) => (
        <AssetHierarchyTab asset={asset} linkTo={(assetId) => devicePaths.assetTab(assetId, 'hierarchy')} />
      )}
    </AssetFromRoute>
  );
}

export function DeviceUsersTab() {
  return <AssetFromRoute>{(asset) => <AssetUsersTab asset={asset} />}</AssetFromRoute>;
}

export function DeviceAuditTab() {
  return (
    <AssetFromRoute>{(asset) => <AuditTrail subjectType="asset" subjectId={asset.assetId} />}</AssetFromRoute>
  );
}

export function DevicePropertiesTab() {
  return <AssetFromRoute>{(asset) => <AssetPropertiesTab asset={asset} />}</AssetFromRoute>;
}

export function DeviceArtifactsTab() {
  return <AssetFromRoute>{(asset) => <AssetArtifactsTab asset={asset} />}</AssetFromRoute>;
}
