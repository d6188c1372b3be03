import { SectionUnavailablePage } from '../sections/SectionUnavailablePage.tsx';

/** Global Consumables (spec 2, Inventory page): Parts and Services. */
export function InventoryPage() {
  return <SectionUnavailablePage title="Global Consumables" />;
}
