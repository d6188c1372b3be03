import { useParams } from 'react-router';
import { parseIdList } from './coverageLabels.ts';
import { useWarranties } from './coverageQueries.ts';
import { CoverageViewer } from './CoverageViewer.tsx';
import { WarrantyCard } from './WarrantyCard.tsx';

/** Warranties viewer (spec 2): one card per warranty id of the route's JSON list (a listWarranties by ids). */
export function WarrantiesViewerPage() {
  const ids = parseIdList(useParams().warrantyIds);
  const warranties = useWarranties({ warrantyIds: ids ?? [] }, { enabled: ids !== null });
  return (
    <CoverageViewer
      title="Warranties"
      kind="warranty"
      ids={ids}
      example="/user/warranties/[3,4]"
      query={warranties}
      idOf={(warranty) => warranty.warrantyId}
      card={(warranty) => <WarrantyCard warranty={warranty} />}
    />
  );
}
