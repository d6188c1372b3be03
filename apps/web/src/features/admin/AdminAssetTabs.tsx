import { AssetFromRoute } from '../assets/AssetFromRoute.tsx';
import { AssetUsersTab } from '../assets/AssetUsersTab.tsx';
import { AuditTrail } from '../../shared/audit/AuditTrail.tsx';

/** adminCompanyAssetUsers: the asset's access-group users. */
export function AdminAssetUsersTab() {
  return <AssetFromRoute>{(asset) => <AssetUsersTab asset={asset} />}</AssetFromRoute>;
}

/** adminCompanyAssetAudit: the asset's event trail. */
export function AdminAssetAuditTab() {
  return (
    <AssetFromRoute>{(asset) => <AuditTrail subjectType="asset" subjectId={asset.assetId} />}</AssetFromRoute>
  );
}
