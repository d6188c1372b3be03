import { useQuery } from '@tanstack/react-query';
import { type OutputOf } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { CACHE_TTL_MS, type CoreEnumEntry, type CoreEnumName } from '@kelvin/domain';
import { apiCall } from '../../shared/api/index.ts';

export type CoreEnums = OutputOf<typeof contract.coreEnumsList>;

export const coreEnumsKey = ['coreEnums'] as const;

/**
 * Every core enum with its labels (GET coreEnums), asked once and kept for the spec's cache time-to-live
 * (300000 ms): reference data that changes with a release, not while a user works.
 */
export function useCoreEnums() {
  return useQuery({
    queryKey: coreEnumsKey,
    queryFn: ({ signal }) => apiCall(contract.coreEnumsList, { query: {}, signal }),
    staleTime: CACHE_TTL_MS,
    gcTime: CACHE_TTL_MS,
  });
}

/** The values of one enum (empty while loading or when the server has none), for selects and labels. */
export function enumEntries(enums: CoreEnums | undefined, enumName: CoreEnumName): CoreEnumEntry[] {
  return enums?.find((entry) => entry.enumName === enumName)?.values ?? [];
}

/** One enum's values as Mantine select data, value as text (Mantine selects hold strings). */
export function useCoreEnumOptions(enumName: CoreEnumName): { value: string; label: string }[] {
  const { data } = useCoreEnums();
  return enumEntries(data, enumName).map((entry) => ({ value: String(entry.value), label: entry.label }));
}
