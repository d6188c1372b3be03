/** The default roles seeded by migration 0003; roles are data, these names are only for seeds and tests. */
export type RoleName =
  'Provider Administrator' | 'Provider Service Technician' | 'Customer Administrator' | 'Customer Operator';
