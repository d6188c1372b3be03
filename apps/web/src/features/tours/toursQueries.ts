import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductTour } from '@kelvin/contract';
import { contract } from '../../shared/api/endpoints.ts';
import { apiCall } from '../../shared/api/index.ts';

const toursKey = ['tours'] as const;

/** The product tours the user has seen, on any device. */
export function useToursSeen() {
  return useQuery({
    queryKey: toursKey,
    queryFn: ({ signal }) => apiCall(contract.usersToursList, { signal }),
    staleTime: Infinity,
  });
}

/** Records a tour as seen (finished or skipped); the answer is the new list. */
export function useMarkTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tour: ProductTour) => apiCall(contract.usersToursMarkSeen, { body: { tour } }),
    onSuccess: (seen) => queryClient.setQueryData(toursKey, seen),
  });
}
