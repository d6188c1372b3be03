import { useNavigate } from 'react-router';
import type { ViewUser } from '@kelvin/domain';
import { SharedViewsMenu } from '../sharedViews/SharedViewsMenu.tsx';
import { openLogsView, useDeviceLogsStore } from './deviceLogsStore.ts';
import { LOGS_VIEW_SCHEMA, logsViewData, selectLogsView } from './logsView.ts';

/**
 * The logs tab's saved views (context LOGS): levels, sources and text, with the time range and the unit when the
 * save includes them. The same menu and rules as the diagnose screen's views.
 */
export function LogsViewsMenu(props: { user: ViewUser; canSetGlobal: boolean; assetId: number }) {
  const { user, canSetGlobal, assetId } = props;
  const navigate = useNavigate();
  const selectedViewId = useDeviceLogsStore((state) => state.selectedViewId);
  const filter = useDeviceLogsStore((state) => state.filter);
  const includes = useDeviceLogsStore((state) => state.includes);
  return (
    <SharedViewsMenu
      context="LOGS"
      user={user}
      canSetGlobal={canSetGlobal}
      selectedViewId={selectedViewId}
      includes={includes}
      viewBody={(input) => ({
        schema: LOGS_VIEW_SCHEMA,
        data: { ...logsViewData(filter, { ...input, assetId }) },
      })}
      onOpen={async (view) => {
        const { navigateTo } = openLogsView(view, user, assetId);
        await navigate(navigateTo);
      }}
      onSaved={(view) =>
        useDeviceLogsStore.setState((state) => selectLogsView(state, view, user, Date.now()).selection)
      }
      onDeleted={(sharedViewId) =>
        useDeviceLogsStore.setState((state) =>
          state.selectedViewId === sharedViewId ? { selectedViewId: null } : {},
        )
      }
    />
  );
}
