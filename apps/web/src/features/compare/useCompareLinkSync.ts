import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { compareLinkQuery, parseCompareLink } from './compareLink.ts';
import { MAX_COMPARE_UNITS, updateCompareUnits, type CompareUnitsState } from './compareUnitsStore.ts';

/**
 * The address and the comparison agree, so that copying the address shares it: a link's units and metrics
 * replace the saved ones when the page opens, and after that each change is written back into the address
 * (replacing the history entry, so that Back leaves the page rather than undoing picks one by one).
 * Returns how many units an over-long link named, to say that only the first ones are compared.
 */
export function useCompareLinkSync(state: CompareUnitsState): number | null {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  // Read once, from the address the page opened with.
  const [linkUnitCount] = useState(() => {
    const named = parseCompareLink(new URLSearchParams(search))?.unitsNamed ?? 0;
    return named > MAX_COMPARE_UNITS ? named : null;
  });
  const { assetIds, metricIds } = state;

  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      const link = parseCompareLink(new URLSearchParams(search));
      if (link) {
        updateCompareUnits({
          ...(link.assetIds ? { assetIds: link.assetIds } : {}),
          ...(link.metricIds ? { metricIds: link.metricIds } : {}),
        });
        return;
      }
    }
    // Written as compareLinkQuery writes it, commas and all (?assetIds=4,5 reads better than 4%2C5).
    const wanted = compareLinkQuery({ assetIds, metricIds });
    if (`?${wanted}` !== search && wanted !== search) {
      void navigate({ pathname, search: wanted ? `?${wanted}` : '' }, { replace: true });
    }
  }, [assetIds, metricIds, pathname, search, navigate]);

  return linkUnitCount;
}
