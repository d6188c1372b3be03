import { subscriptionPlanSchema, type Company } from '@kelvin/contract';
import type { FileStore } from '../../platform/files/fileStore.ts';
import type { CompanyRow } from './companiesRepository.ts';

/** How long a logo URL handed to a browser stays valid. */
export const LOGO_URL_EXPIRY_SECONDS = 3600;

/** A signed URL of the company's logo, or null without one. The stored `logo_url` column is never trusted. */
export async function companyLogoUrl(files: FileStore, company: CompanyRow): Promise<string | null> {
  if (!company.logoFilePath) return null;
  return files.signedUrl(company.logoFilePath, {
    expiresInSeconds: LOGO_URL_EXPIRY_SECONDS,
    ...(company.logoContentType ? { contentType: company.logoContentType } : {}),
  });
}

/** The presenter for a company: the contract's fields, with a freshly signed logo URL. */
export async function presentCompany(files: FileStore, company: CompanyRow): Promise<Company> {
  return {
    companyId: company.companyId,
    name: company.name,
    netSuiteCustomerInternalId: company.netSuiteCustomerInternalId,
    subscription: subscriptionPlanSchema.catch('OBSERVABILITY').parse(company.subscription),
    logoUrl: await companyLogoUrl(files, company),
    logoContentType: company.logoContentType,
    logoFilePath: company.logoFilePath,
    isDeleted: company.isDeleted,
  };
}
