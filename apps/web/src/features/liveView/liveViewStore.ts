import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { z } from 'zod';
import { sessionThenLocal } from '../diagnose/diagnoseStore.ts';

export const LIVE_VIEW_STATE_KEY = 'kelvin.liveView';

/** Spec (Other screens): the live view's state; its tab defaults to 'liveView', its side labels are On or Off. */
const liveViewStateSchema = z.object({
  tab: z.string().catch('liveView'),
  sideLabels: z.enum(['On', 'Off']).catch('On'),
  layout: z.enum(['compact', 'detailed']).catch('detailed'),
  onlyAlarms: z.boolean().catch(false),
  /** Metric tree groups folded away, by their alias prefix. */
  collapsed: z.array(z.string().max(300)).max(2000).catch([]),
});
export type LiveViewState = z.infer<typeof liveViewStateSchema>;

const DEFAULT_STATE: LiveViewState = liveViewStateSchema.parse({});

/** Whatever was saved goes through the schema: a field that is missing or wrong falls back to its default. */
export function restoreLiveViewState(saved: unknown): LiveViewState {
  const parsed = liveViewStateSchema.safeParse(saved ?? {});
  return parsed.success ? parsed.data : DEFAULT_STATE;
}

/** Kept per tab and per browser like the diagnose state, so that a reload or a new tab keeps the choices. */
export const useLiveViewStore = create<LiveViewState>()(
  persist(() => DEFAULT_STATE, {
    name: LIVE_VIEW_STATE_KEY,
    storage: createJSONStorage(() => sessionThenLocal(sessionStorage, localStorage)),
    version: 1,
    merge: (saved) => restoreLiveViewState(saved),
  }),
);

export function updateLiveView(change: Partial<LiveViewState>): void {
  useLiveViewStore.setState(change);
}

export function toggleLiveViewGroup(key: string): void {
  useLiveViewStore.setState((state) => ({
    collapsed: state.collapsed.includes(key)
      ? state.collapsed.filter((entry) => entry !== key)
      : [...state.collapsed, key],
  }));
}

/** On sign-out, with the other screens' state. */
export function forgetLiveViewState(): void {
  useLiveViewStore.persist.clearStorage();
  useLiveViewStore.setState(DEFAULT_STATE);
}
