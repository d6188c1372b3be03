/** The enumerations the demo's enum metrics use: value → label, as `GET metrics/enums` answers them. */
export const DEMO_METRIC_ENUMS = {
  compressorState: {
    '0': 'Off',
    '1': 'Running',
    '2': 'Starting',
    '3': 'Stopping',
    '4': 'Anti-cycle lockout',
    '5': 'Fault',
  },
  pumpState: { '0': 'Off', '1': 'Running', '2': 'Standby', '3': 'Fault' },
  fanState: { '0': 'Off', '1': 'Running', '2': 'Ramping', '3': 'Fault' },
  unitMode: {
    '0': 'Off',
    '1': 'Cooling',
    '2': 'Heating',
    '3': 'Dehumidifying',
    '4': 'Humidifying',
    '5': 'Free cooling',
    '6': 'Standby',
  },
  alarmLevel: { '0': 'Normal', '1': 'Warning', '2': 'Alarm', '3': 'Critical' },
  alarmCode: {
    '0': 'No alarm',
    '101': 'High supply air temperature',
    '102': 'Low supply air temperature',
    '103': 'High return air temperature',
    '201': 'High return humidity',
    '202': 'Low return humidity',
    '301': 'Compressor high discharge pressure',
    '302': 'Compressor low suction pressure',
    '401': 'Fan failure',
    '402': 'Loss of airflow',
    '501': 'Water leak detected',
    '601': 'Chilled water flow low',
    '701': 'Filter clogged',
    '801': 'Main power failure',
    '901': 'Sensor failure',
  },
  onOff: { '0': 'Off', '1': 'On' },
  controlSource: { '0': 'Local', '1': 'BMS', '2': 'Remote', '3': 'Schedule' },
  filterCondition: { '0': 'Clean', '1': 'Dirty', '2': 'Replace now' },
  humidifierState: { '0': 'Idle', '1': 'Steaming', '2': 'Draining', '3': 'Fault' },
  valveMode: { '0': 'Auto', '1': 'Manual', '2': 'Fully open', '3': 'Closed' },
} as const satisfies Record<string, Record<string, string>>;

export type DemoEnumName = keyof typeof DEMO_METRIC_ENUMS;

/** Enum values as numbers, for the simulator's choices. */
export function enumValues(name: DemoEnumName): number[] {
  return Object.keys(DEMO_METRIC_ENUMS[name]).map(Number);
}
