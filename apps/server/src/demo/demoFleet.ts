import type { DeviceLayout } from '@kelvin/domain';
import type { RoleName } from '../modules/users/roleNames.ts';
import type { DemoUnit } from './demoUnits.ts';

export { customerCompaniesDemo } from './demoCustomers.ts';

/** The demo's shape: plain data, so the seed stays a loop and later issues can grow the fleet here. */
export interface DemoUser {
  name: string;
  email: string;
  role: RoleName;
  jobTitle: string;
}

export interface DemoAgent {
  name: string;
  firmwareVersion: string;
  privateIpAddress: string;
}

export interface DemoDatahall {
  name: string;
  /** How the hall's units stand (the data hall view draws them so); its units record it too. */
  deviceLayout: DeviceLayout;
  agent: DemoAgent;
  units: DemoUnit[];
  /** Split units with the units that hang under them. */
  splitUnits: { name: string; model: string; position: string; units: DemoUnit[] }[];
}

export interface DemoSite {
  name: string;
  city: string;
  address: string;
  buildings: { name: string; datahalls: DemoDatahall[] }[];
}

export interface DemoMakeUpAirUnit {
  name: string;
  model: string;
  manufacturer: string;
  serialNumber: string;
  airflowCfm: string;
}

export interface DemoCompany {
  name: string;
  subscription:
    'OBSERVABILITY' | 'ENHANCED_MONITORING_AND_DIAGNOSTICS' | 'ENHANCED_SUPPORT' | 'SERVICE_CONTRACT';
  netSuiteCustomerInternalId: string | null;
  users: DemoUser[];
  sites: DemoSite[];
  makeUpAirUnits: DemoMakeUpAirUnit[];
}

export const providerCompanyDemo: DemoCompany = {
  name: 'Kelvin Services',
  subscription: 'SERVICE_CONTRACT',
  netSuiteCustomerInternalId: null,
  users: [
    {
      name: 'Paula Provider',
      email: 'admin@kelvin.example',
      role: 'Provider Administrator',
      jobTitle: 'Administrator',
    },
    {
      name: 'Tomas Technician',
      email: 'technician@kelvin.example',
      role: 'Provider Service Technician',
      jobTitle: 'Service Technician',
    },
  ],
  sites: [],
  makeUpAirUnits: [],
};
