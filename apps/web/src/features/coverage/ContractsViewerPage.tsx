import { useParams } from 'react-router';
import { ContractCard } from './ContractCard.tsx';
import { parseIdList } from './coverageLabels.ts';
import { useContracts } from './coverageQueries.ts';
import { CoverageViewer } from './CoverageViewer.tsx';

/** Contracts viewer (spec 2): one card per contract id of the route's JSON array. */
export function ContractsViewerPage() {
  const ids = parseIdList(useParams().contractIds);
  const contracts = useContracts({ contractIds: ids ?? [] }, { enabled: ids !== null });
  return (
    <CoverageViewer
      title="Contracts"
      kind="contract"
      ids={ids}
      example="/user/contracts/[12,15]"
      query={contracts}
      idOf={(contract) => contract.contractId}
      card={(contract) => <ContractCard contract={contract} />}
    />
  );
}
