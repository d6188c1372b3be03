import type { ReactNode } from 'react';
import type { Asset } from '@kelvin/contract';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { useAsset } from './assetsQueries.ts';

/** The asset of the route's :assetId, for tab pages; the layout above has already loaded it into the cache. */
export function AssetFromRoute({ children }: { children: (asset: Asset) => ReactNode }) {
  const asset = useAsset(useIdParam('assetId'));
  return (
    <QueryState query={asset} label="the asset">
      {children}
    </QueryState>
  );
}
