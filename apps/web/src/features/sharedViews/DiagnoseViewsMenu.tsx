import { useNavigate } from 'react-router';
import { DIAGNOSE_SCHEMA, forgetSharedView, type ViewUser } from '@kelvin/domain';
import { useDiagnoseStore } from '../diagnose/diagnoseStore.ts';
import { applyDiagnoseView, diagnoseViewBody } from './diagnoseViews.ts';
import { loadSharedViewState } from './sharedViewLink.ts';
import { SharedViewsMenu } from './SharedViewsMenu.tsx';

/** The diagnose screen's saved views (context DIAGNOSE, schema v4). */
export function DiagnoseViewsMenu({ user, canSetGlobal }: { user: ViewUser; canSetGlobal: boolean }) {
  const navigate = useNavigate();
  const { selectedViewId, view } = useDiagnoseStore();
  return (
    <SharedViewsMenu
      context="DIAGNOSE"
      user={user}
      canSetGlobal={canSetGlobal}
      selectedViewId={selectedViewId}
      includes={{ includeTimeRange: view.includeTimeRange, includeAssets: view.includeAssets }}
      viewBody={(input) => ({ schema: DIAGNOSE_SCHEMA, data: diagnoseViewBody(view, input).data })}
      onOpen={async (shared) => {
        const { navigateTo } = loadSharedViewState(shared, user);
        if (navigateTo) await navigate(navigateTo);
      }}
      onSaved={(saved) => useDiagnoseStore.setState((state) => applyDiagnoseView(state, saved, user))}
      onDeleted={(sharedViewId) =>
        useDiagnoseStore.setState((state) => forgetSharedView(state, sharedViewId))
      }
      tourAnchor="views"
    />
  );
}
