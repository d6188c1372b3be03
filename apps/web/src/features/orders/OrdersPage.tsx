import { SectionUnavailablePage } from '../sections/SectionUnavailablePage.tsx';

/** Order overview (spec 2): the three sales-order tabs and the Process dialog. */
export function OrdersPage() {
  return <SectionUnavailablePage title="Orders" />;
}
