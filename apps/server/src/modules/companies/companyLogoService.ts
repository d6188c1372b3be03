import { randomUUID } from 'node:crypto';
import type { Company } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { FileStore } from '../../platform/files/fileStore.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { notFound } from '../../http/httpError.ts';
import { findCompany, updateCompany } from './companiesRepository.ts';
import {
  COMPANY_NOT_FOUND,
  loadReadableCompany,
  loadWritableCompany,
  type CompaniesDeps,
} from './companiesService.ts';
import { companyLogoUrl, presentCompany } from './companyPresenter.ts';
import { acceptLogo, type LogoUpload } from './logoImage.ts';

/**
 * Removing a replaced file happens after the commit: a leftover file is harmless, whereas failing a request
 * whose change is already committed would tell the user it did not happen.
 */
async function removeQuietly(files: FileStore, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await files.remove(key);
  } catch {
    // An orphaned file costs disk space only; nothing refers to it any more.
  }
}

/**
 * Every signed-in user sees their own company's logo in the shell, companies:read or not; other companies'
 * logos need companies:read on them like the rest of the company.
 */
export async function getCompanyLogoUrl(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
): Promise<{ url: string | null }> {
  const company =
    companyId === auth.user.companyId
      ? await findCompany(deps.db, companyId)
      : await loadReadableCompany(deps.db, auth, companyId);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return { url: await companyLogoUrl(deps.files, company) };
}

/** Stores the new file first, then points the company at it in one transaction with its audit event. */
export async function updateCompanyLogo(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
  upload: LogoUpload,
): Promise<Company> {
  // Authorize before looking at the file: another company's id is a 404 whatever was uploaded.
  await loadWritableCompany(deps.db, auth, companyId);
  const logo = acceptLogo(upload);
  const key = `company-logos/${companyId}/${randomUUID()}.${logo.extension}`;
  await deps.files.put(key, logo.data);

  let result;
  try {
    result = await deps.db.transaction(async (tx) => {
      const before = await loadWritableCompany(tx, auth, companyId, 'update');
      const after = await updateCompany(tx, companyId, {
        logoFilePath: key,
        logoContentType: logo.contentType,
      });
      await recordEvent(tx, {
        name: 'companies.updateLogo',
        actorUserId: auth.user.userId,
        companyId,
        subjectType: 'company',
        subjectId: companyId,
        data: { fileName: logo.fileName, contentType: logo.contentType, sizeInBytes: logo.data.length },
      });
      return { after, previousKey: before.logoFilePath };
    });
  } catch (error) {
    await removeQuietly(deps.files, key);
    throw error;
  }
  await removeQuietly(deps.files, result.previousKey);
  return presentCompany(deps.files, result.after);
}

export async function deleteCompanyLogo(
  deps: CompaniesDeps,
  auth: AuthContext,
  companyId: number,
): Promise<Company> {
  const { after, removedKey } = await deps.db.transaction(async (tx) => {
    const before = await loadWritableCompany(tx, auth, companyId, 'update');
    // Deleting a logo that is not there changes nothing: no write, no audit entry.
    if (!before.logoFilePath) return { after: before, removedKey: null };
    const updated = await updateCompany(tx, companyId, { logoFilePath: null, logoContentType: null });
    await recordEvent(tx, {
      name: 'companies.deleteLogo',
      actorUserId: auth.user.userId,
      companyId,
      subjectType: 'company',
      subjectId: companyId,
      data: { contentType: before.logoContentType },
    });
    return { after: updated, removedKey: before.logoFilePath };
  });
  await removeQuietly(deps.files, removedKey);
  return presentCompany(deps.files, after);
}
