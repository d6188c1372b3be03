/** Paths of the contract and warranty screens, for links between them. */
export const coveragePaths = {
  companyContracts: (companyId: number) => `/user/admin/companies/${companyId}/contracts`,
  companyContract: (companyId: number, contractId: number) =>
    `/user/admin/companies/${companyId}/contracts/${contractId}`,
  companyWarranties: (companyId: number) => `/user/admin/companies/${companyId}/warranties`,
  companyWarranty: (companyId: number, warrantyId: number) =>
    `/user/admin/companies/${companyId}/warranties/${warrantyId}`,
  contractsViewer: (contractIds: readonly number[]) => `/user/contracts/${JSON.stringify(contractIds)}`,
  warrantiesViewer: (warrantyIds: readonly number[]) => `/user/warranties/${JSON.stringify(warrantyIds)}`,
};
