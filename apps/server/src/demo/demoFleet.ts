import type { RoleName } from '../modules/users/roleNames.ts';

/** The demo's shape: plain data, so the seed stays a loop and later issues can grow the fleet here. */
export interface DemoUser {
  name: string;
  email: string;
  role: RoleName;
  jobTitle: string;
}

export interface DemoUnit {
  name: string;
  model: string;
  serialNumber: string;
  position: string;
  privateIpAddress: string;
  deviceLayout: 'default' | 'vertical' | 'quad';
}

export interface DemoCompany {
  name: string;
  subscription: 'OBSERVABILITY' | 'ENHANCED_MONITORING_AND_DIAGNOSTICS' | 'ENHANCED_SUPPORT' | 'SERVICE_CONTRACT';
  netSuiteCustomerInternalId: string | null;
  users: DemoUser[];
  site?: { name: string; city: string; building: string; datahall: string; units: DemoUnit[]; agent: string };
}

function units(prefix: string, subnet: number, count: number, model: string): DemoUnit[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `${prefix}-CRAH-${String(index + 1).padStart(2, '0')}`,
    model,
    serialNumber: `${prefix}${String(240_117 + index * 37)}`,
    position: `Row ${String.fromCharCode(65 + Math.floor(index / 2))}, Position ${(index % 2) + 1}`,
    privateIpAddress: `10.${subnet}.4.${21 + index}`,
    deviceLayout: index % 3 === 2 ? 'vertical' : 'default',
  }));
}

export const providerCompanyDemo: DemoCompany = {
  name: 'Kelvin Services',
  subscription: 'SERVICE_CONTRACT',
  netSuiteCustomerInternalId: null,
  users: [
    { name: 'Paula Provider', email: 'admin@kelvin.example', role: 'Provider Administrator', jobTitle: 'Administrator' },
    {
      name: 'Tomas Technician',
      email: 'technician@kelvin.example',
      role: 'Provider Service Technician',
      jobTitle: 'Service Technician',
    },
  ],
};

export const customerCompaniesDemo: DemoCompany[] = [
  {
    name: 'Northwind Data Centers',
    subscription: 'ENHANCED_MONITORING_AND_DIAGNOSTICS',
    netSuiteCustomerInternalId: '10451',
    users: [
      { name: 'Nora Northwind', email: 'admin@northwind.example', role: 'Customer Administrator', jobTitle: 'Facilities Manager' },
      { name: 'Oscar Operator', email: 'operator@northwind.example', role: 'Customer Operator', jobTitle: 'Shift Operator' },
    ],
    site: {
      name: 'Northwind Ashburn',
      city: 'Ashburn, VA',
      building: 'Building A',
      datahall: 'Data Hall 1',
      units: units('NW', 12, 4, 'CW-400 Chilled Water CRAH'),
      agent: 'NW-AGENT-01',
    },
  },
  {
    name: 'Fjord Colocation',
    subscription: 'OBSERVABILITY',
    netSuiteCustomerInternalId: '10472',
    users: [
      { name: 'Frida Fjord', email: 'admin@fjord.example', role: 'Customer Administrator', jobTitle: 'Site Lead' },
      { name: 'Olav Operator', email: 'operator@fjord.example', role: 'Customer Operator', jobTitle: 'NOC Operator' },
    ],
    site: {
      name: 'Fjord Oslo Campus',
      city: 'Oslo',
      building: 'Hall House 2',
      datahall: 'White Space B',
      units: units('FJ', 31, 3, 'DX-250 Direct Expansion CRAC'),
      agent: 'FJ-AGENT-01',
    },
  },
];
