import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyInput, type OutputOf, type PageableQuery, type ProblemLevel } from '@kelvin/contract';
import { trackEvent } from '../../shared/analytics/analytics.ts';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';
import { useDemoMode } from '../../shared/preferences/displayPreferences.ts';
import { maskRowAssetNames } from '../../shared/preferences/names.ts';
import { resolveRange, type RangeChoice } from '../diagnose/TimeRangePicker.tsx';

export const problemsKey = ['problems'] as const;
export const PROBLEMS_PAGE_SIZE = 25;
/** Spec: the active alert interval. */
export const ACTIVE_INTERVAL = 'PT10M';
/** How often the summary header asks again while it is on screen. */
export const SUMMARY_REFRESH_MS = 30_000;

export type ProblemState = 'OPEN' | 'CLOSED';
export type ProblemSort = PageableQuery['sort'][number];

export interface ProblemFilter {
  /** One asset's problems; every asset the user sees when left out. */
  assetId?: number | undefined;
  levels: readonly ProblemLevel[];
  states: readonly ProblemState[];
  ruleIds: readonly number[];
  /** Problems that overlap the range; relative ranges are resolved when asked. */
  range: RangeChoice;
  text: string;
}

/** The list call's body for a filter, a page and a sort. */
export function listBody(
  filter: ProblemFilter,
  pageNumber: number,
  sort: readonly ProblemSort[],
  now: number,
) {
  const text = filter.text.trim();
  const range = resolveRange(filter.range, now);
  return {
    ...(filter.assetId === undefined ? {} : { assetIds: [filter.assetId] }),
    ...(filter.levels.length > 0 ? { levels: [...filter.levels] } : {}),
    ...(filter.states.length > 0 ? { states: [...filter.states] } : {}),
    ...(filter.ruleIds.length > 0 ? { problemRuleDefinitionIds: [...filter.ruleIds] } : {}),
    ...(text === '' ? {} : { fuzzyFilter: text }),
    timeWindow: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    pageableQuery: { type: 'PAGED' as const, pageSize: PROBLEMS_PAGE_SIZE, pageNumber, sort: [...sort] },
  };
}

type ProblemPage = OutputOf<typeof contract.detectedProblemsList>;

/** A page of problems with their units' names masked (demo mode). */
const maskProblemPage = (page: ProblemPage): ProblemPage => ({
  ...page,
  content: maskRowAssetNames(page.content),
});

/**
 * One server page of problems, asked again as often as the summary so that new ones appear; the previous page stays
 * on screen while the next loads.
 */
export function useProblemList(filter: ProblemFilter, pageNumber: number, sort: readonly ProblemSort[]) {
  const demo = useDemoMode();
  return useQuery({
    select: demo ? maskProblemPage : undefined,
    refetchInterval: SUMMARY_REFRESH_MS,
    queryKey: [...problemsKey, 'list', filter, pageNumber, sort],
    queryFn: ({ signal }) =>
      apiCall(contract.detectedProblemsList, {
        body: listBody(filter, pageNumber, sort, Date.now()),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The summary of all devices (or of one asset), asked again every 30 s. Spec: a failed refresh sets errorLoading
 * and stops refreshing; 'Try again' clears it and starts again.
 */
export function useProblemSummary(assetId?: number) {
  const [errorLoading, setErrorLoading] = useState(false);
  const query = useQuery({
    queryKey: [...problemsKey, 'summary', assetId ?? null],
    queryFn: async ({ signal }) => {
      try {
        if (assetId === undefined)
          return await apiCall(contract.detectedProblemsSummary, {
            body: { activeInterval: ACTIVE_INTERVAL },
            signal,
          });
        const [summary] = await apiCall(contract.assetsDetectedProblemSummary, {
          body: { assetIds: [assetId], activeInterval: ACTIVE_INTERVAL },
          signal,
        });
        if (!summary) throw new Error('The server sent no summary for this asset.');
        return summary;
      } catch (error) {
        setErrorLoading(true);
        throw error;
      }
    },
    retry: false,
    refetchInterval: errorLoading ? false : SUMMARY_REFRESH_MS,
  });
  const retry = () => {
    setErrorLoading(false);
    void query.refetch();
  };
  return { query, errorLoading, retry };
}

/** The rules a user can filter by: those of the companies they read problems of, with the library's. */
export function useProblemRules() {
  return useQuery({
    queryKey: [...problemsKey, 'rules'],
    queryFn: ({ signal }) =>
      apiCall(contract.problemRuleDefinitionsList, { body: { includeDisabled: false }, signal }),
    staleTime: 60_000,
  });
}

/** The alerts of one problem's asset since an hour before it began (its alerts are among them). */
export function useAlertView(assetId: number, from: number, to: number, enabled = true) {
  return useQuery({
    queryKey: [...problemsKey, 'alertView', assetId, from, to],
    queryFn: ({ signal }) =>
      apiCall(contract.detectedProblemsListAlertView, {
        body: {
          assetIds: [assetId],
          timeWindow: { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        },
        signal,
      }),
    enabled,
  });
}

export function useAutomations(assetId: number | undefined, includeEnded: boolean) {
  return useQuery({
    queryKey: [...problemsKey, 'automations', assetId ?? null, includeEnded],
    queryFn: ({ signal }) =>
      apiCall(contract.detectedProblemsListAutomations, {
        body: { ...(assetId === undefined ? {} : { assetIds: [assetId] }), includeEnded },
        signal,
      }),
  });
}

/** A change to problems changes lists, summaries, the health of their assets and the audit trail. */
function useProblemsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: problemsKey }),
        queryClient.invalidateQueries({ queryKey: ['fleet', 'states'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}

export type ProblemVerb = 'acknowledge' | 'unacknowledge' | 'mute' | 'unmute';
const VERB_ENDPOINTS = {
  acknowledge: contract.detectedProblemsAcknowledge,
  unacknowledge: contract.detectedProblemsUnacknowledge,
  mute: contract.detectedProblemsMute,
  unmute: contract.detectedProblemsUnmute,
} as const;

export function useProblemAction() {
  return useProblemsMutation(({ verb, ids }: { verb: ProblemVerb; ids: readonly number[] }) =>
    apiCall(VERB_ENDPOINTS[verb], { body: { detectedProblemIds: [...ids] } }).then((answer) => {
      if (verb === 'acknowledge') trackEvent('problem acknowledged', { count: ids.length });
      return answer;
    }),
  );
}

export function useEnableAutomation() {
  return useProblemsMutation((body: BodyInput<typeof contract.detectedProblemsEnableAutomation>) =>
    apiCall(contract.detectedProblemsEnableAutomation, { body }),
  );
}

export function useDisableAutomations() {
  return useProblemsMutation((problemAutomationIds: readonly number[]) =>
    apiCall(contract.detectedProblemsDisableAutomation, {
      body: { problemAutomationIds: [...problemAutomationIds] },
    }),
  );
}

export function useCreateAdHoc() {
  return useProblemsMutation((body: BodyInput<typeof contract.detectedProblemsCreateAdHoc>) =>
    apiCall(contract.detectedProblemsCreateAdHoc, { body }),
  );
}

export function useDisableAdHoc() {
  return useProblemsMutation((problemRuleDefinitionIds: readonly number[]) =>
    apiCall(contract.problemRuleDefinitionsDisableAdHoc, {
      body: { problemRuleDefinitionIds: [...problemRuleDefinitionIds] },
    }),
  );
}
