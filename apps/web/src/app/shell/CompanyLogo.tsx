import { useState } from 'react';
import { Image } from '@mantine/core';
import { hasPermission } from '@kelvin/domain';
import { useCompany } from '../../features/companies/companiesQueries.ts';
import { useDemoMode } from '../../shared/preferences/displayPreferences.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useCurrentUser } from '../session/useCurrentUser.ts';

/**
 * The header logo: the user's company logo (users/me subscription company → GET companies/{id} logoUrl), else
 * the Kelvin logo — also while it loads, when the company has none, or when the signed URL has expired.
 */
export function CompanyLogo() {
  const me = useCurrentUser().data;
  const canRead = me !== undefined && hasPermission(me.permissions, { permission: 'companies:read' });
  const company = useCompany(me?.subscription.companyId, { enabled: canRead });
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const logoUrl = company.data?.logoUrl ?? null;
  // Demo mode hides who the company is: its logo would tell.
  const demo = useDemoMode();

  if (demo || logoUrl === null || logoUrl === failedUrl) return <Logo size="md" />;
  return (
    <Image
      src={logoUrl}
      alt={`${company.data?.name ?? 'Company'} logo`}
      h={36}
      w="auto"
      maw={180}
      fit="contain"
      onError={() => setFailedUrl(logoUrl)}
    />
  );
}
