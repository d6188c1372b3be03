import { expect } from 'vitest';
import { coverageEndpoints } from '@kelvin/contract';
import type { TestServer } from '../../testing/testServer.ts';
import { apiAs, type ApiAnswer } from '../assets/assetsTestFixture.ts';

type User = { identityId: string };

/** The coverage calls as a user, over real HTTP. */
export function coverageApi(server: TestServer) {
  const api = apiAs(server);
  const post = (path: string) => (user: User, body: unknown) => api(user, 'POST', path, body);
  return {
    listContracts: post('/contracts.list'),
    createContract: post('/contracts.create'),
    updateContract: post('/contracts.update'),
    setContractAssets: post('/contracts.assets.set'),
    deleteContract: post('/contracts.delete'),
    listWarranties: post('/warranties.list'),
    createWarranty: post('/warranties.create'),
    updateWarranty: post('/warranties.update'),
    deleteWarranty: post('/warranties.delete'),
    coverage: post('/assets.coverage.get'),
  };
}

const ok = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
export const contractOf = (answer: ApiAnswer) => coverageEndpoints.contractsCreate.output.parse(ok(answer));
export const contractsOf = (answer: ApiAnswer) =>
  coverageEndpoints.contractsList.output.parse(ok(answer)).content;
export const warrantyOf = (answer: ApiAnswer) => coverageEndpoints.warrantiesCreate.output.parse(ok(answer));
export const warrantiesOf = (answer: ApiAnswer) => coverageEndpoints.warrantiesList.output.parse(ok(answer));
export const coverageOf = (answer: ApiAnswer) => coverageEndpoints.assetsCoverageGet.output.parse(ok(answer));

export const contractBody = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  companyId,
  label: 'Gold care',
  managedStatus: 'MANAGED',
  paymentStatus: 'PAID',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  coversParts: true,
  assetIds: [],
  ...overrides,
});

export const warrantyBody = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  companyId,
  assetIds: [],
  label: 'Factory warranty',
  duration: 'P2Y',
  startDate: '2025-03-01',
  isSample: false,
  timeZoneId: 'Europe/Berlin',
  ...overrides,
});
