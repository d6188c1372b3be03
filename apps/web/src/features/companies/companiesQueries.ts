import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Company } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

export const companiesKey = ['companies'] as const;
/** Exported for tests that seed a company into the cache. */
export const companyKey = (companyId: number) => [...companiesKey, companyId] as const;

export type CompanyFields = Pick<Company, 'name' | 'netSuiteCustomerInternalId' | 'subscription'>;

/** The companies the signed-in user may read, by name. */
export function useCompanies(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...companiesKey, 'list'],
    queryFn: ({ signal }) => apiCall(contract.companiesList, { query: {}, signal }),
    enabled: options.enabled ?? true,
  });
}

export function useCompany(companyId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: companyKey(companyId ?? 0),
    queryFn: ({ signal }) =>
      apiCall(contract.companiesGet, { params: { companyId: companyId ?? 0 }, signal }),
    enabled: companyId !== undefined && (options.enabled ?? true),
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CompanyFields) => apiCall(contract.companiesCreate, { body: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

export function useUpdateCompany(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CompanyFields) =>
      apiCall(contract.companiesUpdate, { body: { ...fields, companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

/** Spec: the logo upload is sent as multipart (fields companyId and upload). */
export function useUploadCompanyLogo(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiCall(contract.companiesUpdateLogo, { body: { companyId }, files: { upload: file } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

export function useDeleteCompanyLogo(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(contract.companiesDeleteLogo, { body: { companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
