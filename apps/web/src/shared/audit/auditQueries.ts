import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract } from '../api/endpoints.ts';
import { apiCall } from '../api/index.ts';

export type AuditSubjectType = 'company' | 'user' | 'asset';
export const AUDIT_PAGE_SIZE = 25;

/** One page (from 0) of a subject's audit trail, newest first; the previous page stays while the next loads. */
export function useAuditEvents(subjectType: AuditSubjectType, subjectId: number, pageNumber: number) {
  return useQuery({
    queryKey: ['audit', subjectType, subjectId, pageNumber],
    queryFn: ({ signal }) =>
      apiCall(contract.auditList, {
        query: { subjectType, subjectId, pageSize: AUDIT_PAGE_SIZE, pageNumber },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
