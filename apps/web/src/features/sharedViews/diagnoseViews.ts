import type { BodyInput, SharedView, contract } from '@kelvin/contract';
import {
  DIAGNOSE_SCHEMA,
  focusedAsset,
  selectSharedView,
  upgradeDiagnoseView,
  type DiagnoseSelection,
  type DiagnoseViewData,
  type ViewUser,
} from '@kelvin/domain';
import { refreshRange } from '../diagnose/diagnoseStore.ts';

/** A stored diagnose view applied to the screen's state by the spec's selection rules, its range from now. */
export function applyDiagnoseView(
  state: DiagnoseSelection,
  view: SharedView,
  user: ViewUser,
): DiagnoseSelection {
  const data = upgradeDiagnoseView(view.data, view.schema);
  const next = selectSharedView(state, { ...view, data }, user);
  return { ...next, view: refreshRange(next.view, Date.now()) };
}

/** The focused asset's metrics page, or the diagnose route when zero or several assets are selected. */
export function diagnosePath(view: DiagnoseViewData): string {
  const asset = focusedAsset(view.selectedAssets);
  return asset === null ? '/user/diagnose' : `/user/devices/${asset}/metrics`;
}

export type SaveViewInput = Pick<
  BodyInput<typeof contract.sharedViewsInsert>,
  'name' | 'description' | 'type'
> & {
  includeTimeRange: boolean;
  includeAssets: boolean;
};

/** The body that stores the screen's view: schema v4, context DIAGNOSE. */
export function diagnoseViewBody(view: DiagnoseViewData, input: SaveViewInput) {
  const data: DiagnoseViewData = {
    ...view,
    includeTimeRange: input.includeTimeRange,
    includeAssets: input.includeAssets,
  };
  return {
    name: input.name,
    description: input.description ?? '',
    type: input.type,
    context: 'DIAGNOSE' as const,
    schema: DIAGNOSE_SCHEMA,
    data: { ...data },
  };
}

/** The link that opens a view: the console's /link route. */
export function sharedViewLink(sharedViewId: number, origin = window.location.origin): string {
  return `${origin}/#/link/${sharedViewId}`;
}
