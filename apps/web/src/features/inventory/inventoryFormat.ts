/** Prices and costs with two decimals, quantities as whole or up to three decimals; '' when NetSuite has none. */
const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });

export function formatInventoryMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : money.format(value);
}

export function formatInventoryQuantity(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : quantity.format(value);
}
