import { SectionUnavailablePage } from '../sections/SectionUnavailablePage.tsx';

/** The accounting authorization return (/netsuite?code&state). */
export function NetsuiteReturnPage() {
  return <SectionUnavailablePage title="NetSuite" />;
}
