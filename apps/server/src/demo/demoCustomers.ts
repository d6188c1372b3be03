import type { DemoCompany } from './demoFleet.ts';
import { agent, unitsOf } from './demoUnits.ts';

/** The three customer companies: six sites in all, each data hall with its agent, a few split units and make-up-air units. */
const northwind: DemoCompany = {
  name: 'Northwind Data Centers',
  subscription: 'ENHANCED_MONITORING_AND_DIAGNOSTICS',
  netSuiteCustomerInternalId: '10451',
  users: [
    {
      name: 'Nora Northwind',
      email: 'admin@northwind.example',
      role: 'Customer Administrator',
      jobTitle: 'Facilities Manager',
    },
    {
      name: 'Oscar Operator',
      email: 'operator@northwind.example',
      role: 'Customer Operator',
      jobTitle: 'Shift Operator',
    },
  ],
  sites: [
    {
      name: 'Northwind Ashburn',
      city: 'Ashburn, VA',
      address: '21571 Beaumeade Circle, Ashburn, VA 20147',
      buildings: [
        {
          name: 'Building A',
          datahalls: [
            {
              name: 'Data Hall 1',
              deviceLayout: 'default',
              agent: agent('NW-ASH-AGENT-01', 12),
              units: unitsOf({ prefix: 'NW-ASH-A1', subnet: 12, count: 8, model: 'cw400' }),
              splitUnits: [],
            },
            {
              name: 'Data Hall 2',
              deviceLayout: 'vertical',
              agent: agent('NW-ASH-AGENT-02', 13),
              units: unitsOf({
                prefix: 'NW-ASH-A2',
                subnet: 13,
                count: 3,
                model: 'cw400',
              }),
              splitUnits: [
                {
                  name: 'NW-ASH-A2-SPLIT-01',
                  model: 'SX-60 Split System',
                  position: 'Row D',
                  units: unitsOf({
                    prefix: 'NW-ASH-A2-SX',
                    subnet: 13,
                    count: 2,
                    model: 'sx60',
                    firstHost: 60,
                    row: 3,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Northwind Dallas',
      city: 'Dallas, TX',
      address: '1950 N Stemmons Fwy, Dallas, TX 75207',
      buildings: [
        {
          name: 'Building D1',
          datahalls: [
            {
              name: 'Data Hall 1',
              deviceLayout: 'quad',
              agent: agent('NW-DAL-AGENT-01', 14),
              units: unitsOf({ prefix: 'NW-DAL-D1', subnet: 14, count: 5, model: 'dx250' }),
              splitUnits: [],
            },
          ],
        },
      ],
    },
  ],
  makeUpAirUnits: [
    {
      name: 'NW-ASH-MAU-01',
      model: 'MA-12 Make-Up Air',
      manufacturer: 'Arcton Cooling',
      serialNumber: 'AC7712031',
      airflowCfm: '12000',
    },
  ],
};

const fjord: DemoCompany = {
  name: 'Fjord Colocation',
  subscription: 'OBSERVABILITY',
  netSuiteCustomerInternalId: '10472',
  users: [
    {
      name: 'Frida Fjord',
      email: 'admin@fjord.example',
      role: 'Customer Administrator',
      jobTitle: 'Site Lead',
    },
    {
      name: 'Olav Operator',
      email: 'operator@fjord.example',
      role: 'Customer Operator',
      jobTitle: 'NOC Operator',
    },
  ],
  sites: [
    {
      name: 'Fjord Oslo Campus',
      city: 'Oslo',
      address: 'Nydalsveien 28, 0484 Oslo',
      buildings: [
        {
          name: 'Hall House 2',
          datahalls: [
            {
              name: 'White Space B',
              deviceLayout: 'cegeka',
              agent: agent('FJ-OSL-AGENT-01', 31),
              units: unitsOf({ prefix: 'FJ-OSL-B', subnet: 31, count: 4, model: 'dx250' }),
              splitUnits: [
                {
                  name: 'FJ-OSL-B-SPLIT-01',
                  model: 'SX-60 Split System',
                  position: 'Row C',
                  units: unitsOf({
                    prefix: 'FJ-OSL-B-SX',
                    subnet: 31,
                    count: 2,
                    model: 'sx60',
                    firstHost: 60,
                    row: 2,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Fjord Bergen',
      city: 'Bergen',
      address: 'Kokstadvegen 23, 5257 Kokstad',
      buildings: [
        {
          name: 'Building 1',
          datahalls: [
            {
              name: 'Hall A',
              deviceLayout: 'equinix',
              agent: agent('FJ-BGO-AGENT-01', 32),
              units: unitsOf({ prefix: 'FJ-BGO-A', subnet: 32, count: 5, model: 'rd35' }),
              splitUnits: [],
            },
          ],
        },
      ],
    },
  ],
  makeUpAirUnits: [
    {
      name: 'FJ-OSL-MAU-01',
      model: 'MA-8 Make-Up Air',
      manufacturer: 'Nordkyl',
      serialNumber: 'NK4409187',
      airflowCfm: '8000',
    },
  ],
};

const meridian: DemoCompany = {
  name: 'Meridian Cloud',
  subscription: 'ENHANCED_SUPPORT',
  netSuiteCustomerInternalId: '10503',
  users: [
    {
      name: 'Mei Meridian',
      email: 'admin@meridian.example',
      role: 'Customer Administrator',
      jobTitle: 'Operations Director',
    },
    {
      name: 'Kenji Operator',
      email: 'operator@meridian.example',
      role: 'Customer Operator',
      jobTitle: 'Critical Facilities Technician',
    },
  ],
  sites: [
    {
      name: 'Meridian Singapore',
      city: 'Singapore',
      address: '20 Ayer Rajah Crescent, Singapore 139964',
      buildings: [
        {
          name: 'Tower 1',
          datahalls: [
            {
              name: 'Data Hall 3A',
              deviceLayout: 'default',
              agent: agent('MC-SIN-AGENT-01', 51),
              units: unitsOf({ prefix: 'MC-SIN-3A', subnet: 51, count: 6, model: 'cw400' }),
              splitUnits: [
                {
                  name: 'MC-SIN-3A-SPLIT-01',
                  model: 'SX-60 Split System',
                  position: 'Row E',
                  units: unitsOf({
                    prefix: 'MC-SIN-3A-SX',
                    subnet: 51,
                    count: 2,
                    model: 'sx60',
                    firstHost: 60,
                    row: 4,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'Meridian Tokyo',
      city: 'Tokyo',
      address: '1-2-3 Shinsuna, Koto-ku, Tokyo 136-0075',
      buildings: [
        {
          name: 'Building T2',
          datahalls: [
            {
              name: 'Hall 2F',
              deviceLayout: 'aws-tokyo',
              agent: agent('MC-TYO-AGENT-01', 52),
              units: unitsOf({
                prefix: 'MC-TYO-2F',
                subnet: 52,
                count: 4,
                model: 'rd35',
              }),
              splitUnits: [],
            },
          ],
        },
      ],
    },
  ],
  makeUpAirUnits: [],
};

export const customerCompaniesDemo: DemoCompany[] = [northwind, fjord, meridian];
