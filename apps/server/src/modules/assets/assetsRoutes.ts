import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { artifactDownloadUrl, lastSystemMetadata, listArtifacts } from './assetArtifactsService.ts';
import { createAssetNote, deleteAssetNote, listAssetNotes, updateAssetNote } from './assetNotesService.ts';
import {
  getAsset,
  getProperties,
  listChildren,
  listParents,
  listSplitUnits,
  listTypeProperties,
  listTypes,
  listVisibleAssets,
} from './assetsService.ts';
import {
  createAsset,
  deleteAsset,
  moveAsset,
  putProperties,
  updateAssetFields,
} from './assetsWriteService.ts';
import { registerAssetsFleetRoutes } from './assetsFleetRoutes.ts';
import { listAssetStates, listOnlineStatus } from './assetStateService.ts';
import { unknownLastSeen, type LastSeenSource } from './lastSeenSource.ts';

export interface AssetsRoutesOptions {
  /** Telemetry plugs its last-values table in here; see lastSeenSource.ts. */
  lastSeen?: LastSeenSource;
}

/** One line per call: the contract endpoint and the service that answers it. */
export function registerAssetsRoutes(
  { route, db, files }: RouteContext,
  options: AssetsRoutesOptions = {},
): void {
  const lastSeen = options.lastSeen ?? unknownLastSeen;
  registerAssetsFleetRoutes({ route, db }, lastSeen);

  route(contract.assetsList, ({ auth, query }) => listVisibleAssets(db, auth, query));
  route(contract.assetsGet, ({ auth, params, query }) =>
    getAsset(db, auth, params.id, query.includeCoverage),
  );
  route(contract.assetTypesList, ({ auth }) => listTypes(db, auth));
  route(contract.assetTypeProperties, ({ auth, params }) => listTypeProperties(db, auth, params.id));
  route(contract.assetsChildren, ({ auth, params }) => listChildren(db, auth, params.id));
  route(contract.assetsParents, ({ auth, params }) => listParents(db, auth, params.id));
  route(contract.assetsPropertiesGet, ({ auth, params }) => getProperties(db, auth, params.id));
  route(contract.assetsPropertiesPut, ({ auth, params, body }) => putProperties(db, auth, params.id, body));
  route(contract.assetsMove, ({ auth, params, body }) => moveAsset(db, auth, params.id, body.parentAssetId));
  route(contract.assetsDelete, ({ auth, params }) => deleteAsset(db, auth, params.id));
  route(contract.assetsPut, ({ auth, params, body }) => updateAssetFields(db, auth, params.id, body));
  route(contract.assetsCreate, ({ auth, body }) => createAsset(db, auth, body));
  route(contract.assetsUpdate, ({ auth, body: { assetId, ...fields } }) =>
    updateAssetFields(db, auth, assetId, fields),
  );

  route(contract.assetNotesList, ({ auth, body }) => listAssetNotes(db, auth, body.assetId));
  route(contract.assetNotesCreate, ({ auth, body }) => createAssetNote(db, auth, body.assetId, body.note));
  route(contract.assetNotesUpdate, ({ auth, body }) =>
    updateAssetNote(db, auth, body.assetNoteId, body.note),
  );
  route(contract.assetNotesDelete, ({ auth, body }) => deleteAssetNote(db, auth, body.assetNoteId));

  route(contract.assetsListSplitUnits, ({ auth, body }) => listSplitUnits(db, auth, body.parentAssetIds));
  route(contract.assetArtifactsList, ({ auth, body }) =>
    listArtifacts(db, auth, body.assetId, body.artifactType),
  );
  route(contract.assetArtifactsDownloadUrl, ({ auth, body }) =>
    artifactDownloadUrl(db, files, auth, body.assetArtifactIndexId),
  );
  route(contract.assetSystemMetadataLast, ({ auth, params }) => lastSystemMetadata(db, auth, params.assetId));
  route(contract.assetsStateList, ({ auth, body }) => listAssetStates(db, auth, lastSeen, body));
  route(contract.assetsGetOnlineStatus, ({ auth, body }) => listOnlineStatus(db, auth, lastSeen, body));
}
