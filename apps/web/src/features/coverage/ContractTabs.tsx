import type { ReactNode } from 'react';
import type { ServiceContract } from '@kelvin/contract';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useIdParam } from '../../shared/routing/useIdParam.ts';
import { usePermissionScope } from '../../shared/session/permissionScope.ts';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { ContractForm } from './ContractForm.tsx';
import { CoverageMissing } from './CoverageMissing.tsx';
import { useRouteContract } from './ContractPage.tsx';
import { useSetContractAssets, useUpdateContract } from './coverageQueries.ts';
import { CoveredAssetsEditor } from './CoveredAssetsEditor.tsx';

function RouteContract({
  children,
}: {
  children: (contract: ServiceContract, canWrite: boolean) => ReactNode;
}) {
  const companyId = useIdParam('companyId');
  const { contractId, contracts, contract } = useRouteContract();
  const canWrite = usePermissionScope().forCompany('contracts:write', companyId);
  return (
    <QueryState query={contracts} label="the contract">
      {() => (contract ? children(contract, canWrite) : <CoverageMissing what="Contract" id={contractId} />)}
    </QueryState>
  );
}

/** contractDetails: the contract's fields, editable by those who may write the company's contracts. */
export function ContractDetailsTab() {
  const update = useUpdateContract();
  return (
    <RouteContract>
      {(contract, canWrite) => (
        <ContractForm
          key={contract.updatedAt}
          initial={contract}
          disabled={!canWrite}
          submitLabel="Save contract"
          onSubmit={(fields) =>
            update
              .mutateAsync({ contractId: contract.contractId, ...fields })
              .then(() => toastsFor(`Contract ${contract.contractId} saved`).onSuccess(), failWithToast)
          }
        />
      )}
    </RouteContract>
  );
}

/** contractAssets: the assets the contract covers, assigned with the shared asset picker. */
export function ContractAssetsTab() {
  const setAssets = useSetContractAssets();
  return (
    <RouteContract>
      {(contract, canWrite) => (
        <CoveredAssetsEditor
          companyId={contract.companyId}
          what="contract"
          assetIds={contract.assetIds}
          canEdit={canWrite}
          saving={setAssets.isPending}
          onChange={(assetIds) =>
            setAssets.mutate(
              { contractId: contract.contractId, assetIds },
              toastsFor('Contract assets saved'),
            )
          }
        />
      )}
    </RouteContract>
  );
}
