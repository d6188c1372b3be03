import type { metricDisplayTypes, metricValueTypes } from '@kelvin/contract';
import type { DemoEnumName } from './metricEnums.ts';

/** How the simulator moves a metric; kept with the definition so that a new alias comes with its behaviour. */
export type Behaviour =
  /** Mean-reverting random walk around `center` (temperatures, pressures, speeds). */
  | { kind: 'walk'; center: number; spread: number; min?: number; max?: number }
  /** Flat, changed by an operator now and then. */
  | { kind: 'setpoint'; value: number }
  /** Step changes between enum states; `normal` most of the time. */
  | { kind: 'state'; enumName: DemoEnumName; normal: number; changesPerHour: number }
  /** A boolean alarm flag, set while the unit has a matching fault. */
  | { kind: 'flag'; faultCodes: readonly number[] }
  /** Grows steadily (run hours, energy, starts). */
  | { kind: 'counter'; perHour: number; start: number }
  | { kind: 'version'; value: number }
  | { kind: 'uptime' }
  | { kind: 'text'; value: string }
  /** The unit's alarm code or level, from its current fault. */
  | { kind: 'alarmCode' }
  | { kind: 'alarmLevel' }
  | { kind: 'alarmCount' };

export interface MetricDefinition {
  alias: string;
  name: string;
  displayType: (typeof metricDisplayTypes)[number];
  valueType: (typeof metricValueTypes)[number];
  units: string | null;
  enumName: DemoEnumName | null;
  behaviour: Behaviour;
}

/** Spec: version numbers are 15 digits split 5/5/5 into major.minor.patch. */
export function semanticVersion(major: number, minor: number, patch: number): number {
  return major * 1e10 + minor * 1e5 + patch;
}

const defs: MetricDefinition[] = [];
const add = (
  alias: string,
  name: string,
  units: string | null,
  behaviour: Behaviour,
  displayType: MetricDefinition['displayType'] = 'line',
  valueType: MetricDefinition['valueType'] = 'number',
): void => {
  const enumName = behaviour.kind === 'state' ? behaviour.enumName : null;
  defs.push({ alias, name, displayType, valueType, units, enumName, behaviour });
};
const walk = (center: number, spread: number, min?: number, max?: number): Behaviour => ({
  kind: 'walk',
  center,
  spread,
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});
const state = (enumName: DemoEnumName, normal: number, changesPerHour = 0.5): Behaviour => ({
  kind: 'state',
  enumName,
  normal,
  changesPerHour,
});
const addState = (alias: string, name: string, behaviour: Behaviour, enumName?: DemoEnumName): void => {
  const enumOf = enumName ?? (behaviour.kind === 'state' ? behaviour.enumName : null);
  defs.push({
    alias,
    name,
    displayType: 'enum',
    valueType: 'enum',
    units: null,
    enumName: enumOf,
    behaviour,
  });
};
const addFlag = (alias: string, name: string, faultCodes: readonly number[]): void =>
  add(alias, name, null, { kind: 'flag', faultCodes }, 'step', 'boolean');
const counter = (perHour: number, start: number): Behaviour => ({ kind: 'counter', perHour, start });
const setpoint = (value: number): Behaviour => ({ kind: 'setpoint', value });

// Core air side: what every chart and problem rule looks at first.
add('temperature.supplyAir', 'Supply air temperature', '°C', walk(18, 0.6, 10, 35));
add('temperature.returnAir', 'Return air temperature', '°C', walk(29, 0.8, 15, 45));
add('temperature.supplyAirSetpoint', 'Supply air temperature setpoint', '°C', setpoint(18), 'step');
add('temperature.returnAirSetpoint', 'Return air temperature setpoint', '°C', setpoint(30), 'step');
add('temperature.outdoorAir', 'Outdoor air temperature', '°C', walk(14, 3, -20, 45));
add('temperature.mixedAir', 'Mixed air temperature', '°C', walk(24, 0.8));
add('temperature.dewPoint.return', 'Return dew point', '°C', walk(11, 0.5));
add('temperature.dewPoint.supply', 'Supply dew point', '°C', walk(10, 0.5));
add('temperature.controllerBoard', 'Controller board temperature', '°C', walk(41, 1.2));
add('humidity.return', 'Return relative humidity', '%RH', walk(45, 2, 10, 90));
add('humidity.supply', 'Supply relative humidity', '%RH', walk(52, 2, 10, 95));
add('humidity.returnSetpoint', 'Return humidity setpoint', '%RH', setpoint(45), 'step');
add('humidity.absoluteReturn', 'Return absolute humidity', 'g/kg', walk(8.5, 0.3));
addState('status.unitMode', 'Unit mode', state('unitMode', 1, 0.2));
addState('status.onOff', 'Unit on/off', state('onOff', 1, 0.02));
addState('status.controlSource', 'Control source', state('controlSource', 1, 0.02));
add('status.remoteEnable', 'Remote enable', null, { kind: 'flag', faultCodes: [] }, 'step', 'boolean');
addState('alarm.level', 'Alarm level', { kind: 'alarmLevel' }, 'alarmLevel');
addState('alarm.activeCode', 'Active alarm', { kind: 'alarmCode' }, 'alarmCode');
add('alarm.activeCount', 'Active alarms', null, { kind: 'alarmCount' }, 'step');
addFlag('alarm.highSupplyAirTemperature', 'High supply air temperature alarm', [101]);
addFlag('alarm.lowSupplyAirTemperature', 'Low supply air temperature alarm', [102]);
addFlag('alarm.highReturnAirTemperature', 'High return air temperature alarm', [103]);
addFlag('alarm.highHumidity', 'High humidity alarm', [201]);
addFlag('alarm.lowHumidity', 'Low humidity alarm', [202]);
addFlag('alarm.compressorHighPressure', 'Compressor high pressure alarm', [301]);
addFlag('alarm.compressorLowPressure', 'Compressor low pressure alarm', [302]);
addFlag('alarm.fanFailure', 'Fan failure alarm', [401]);
addFlag('alarm.lossOfAirflow', 'Loss of airflow alarm', [402]);
addFlag('alarm.waterLeak', 'Water leak alarm', [501]);
addFlag('alarm.chilledWaterFlowLow', 'Low chilled water flow alarm', [601]);
addFlag('alarm.filterClogged', 'Filter clogged alarm', [701]);
addFlag('alarm.powerFailure', 'Power failure alarm', [801]);
addFlag('alarm.sensorFailure', 'Sensor failure alarm', [901]);

// Static pressures in inches of water gauge (3 decimals on screen).
add('pressure.staticSupply', 'Supply static pressure', 'iwg', walk(0.45, 0.02, 0, 2));
add('pressure.underfloor', 'Underfloor static pressure', 'iwg', walk(0.05, 0.004, 0, 0.5));
add('pressure.staticReturn', 'Return static pressure', 'iwg', walk(-0.12, 0.01, -1, 0.5));
add('pressure.filterDifferential', 'Filter differential pressure', 'iwg', walk(0.35, 0.01, 0, 2));
add('pressure.coldAisle', 'Cold aisle differential pressure', 'iwg', walk(0.02, 0.003, -0.2, 0.2));
add('pressure.hotAisle', 'Hot aisle differential pressure', 'iwg', walk(-0.01, 0.003, -0.2, 0.2));

// Chilled and condenser water.
add('chilledWater.supplyTemperature', 'Chilled water supply temperature', '°C', walk(12, 0.3, 4, 25));
add('chilledWater.returnTemperature', 'Chilled water return temperature', '°C', walk(18, 0.4, 6, 30));
add('chilledWater.deltaT', 'Chilled water delta T', 'K', walk(6, 0.3, 0, 15));
add('chilledWater.flow', 'Chilled water flow', 'l/s', walk(4.2, 0.15, 0, 12));
add('chilledWater.flowSetpoint', 'Chilled water flow setpoint', 'l/s', setpoint(4.2), 'step');
add('chilledWater.supplyPressure', 'Chilled water supply pressure', 'kPa', walk(310, 4));
add('chilledWater.returnPressure', 'Chilled water return pressure', 'kPa', walk(240, 4));
add('chilledWater.capacity', 'Chilled water cooling capacity', 'kW', walk(95, 5, 0, 150));
add('condenserWater.supplyTemperature', 'Condenser water supply temperature', '°C', walk(27, 0.5));
add('condenserWater.returnTemperature', 'Condenser water return temperature', '°C', walk(32, 0.6));
add('condenserWater.flow', 'Condenser water flow', 'l/s', walk(5.5, 0.2, 0, 12));
add('condenserWater.pressure', 'Condenser water pressure', 'kPa', walk(280, 5));

// Valves.
for (const [key, label, center] of [
  ['chilledWater', 'Chilled water valve', 62],
  ['bypass', 'Bypass valve', 8],
  ['hotGasBypass', 'Hot gas bypass valve', 5],
  ['condenserWater', 'Condenser water valve', 48],
  ['humidifierFill', 'Humidifier fill valve', 2],
  ['economizerDamper', 'Economizer damper', 20],
] as const) {
  add(`valve.${key}.position`, `${label} position`, '%', walk(center, 3, 0, 100));
}
addState('valve.chilledWater.mode', 'Chilled water valve mode', state('valveMode', 0, 0.05));
for (let index = 1; index <= 4; index++) {
  add(`valve.expansion.${index}.position`, `Expansion valve ${index} position`, '%', walk(45, 4, 0, 100));
}

// Power and energy.
add('power.total', 'Total power', 'kW', walk(14, 0.8, 0, 60));
add('power.apparent', 'Apparent power', 'kVA', walk(15.5, 0.8, 0, 65));
add('power.reactive', 'Reactive power', 'kvar', walk(4.2, 0.3, 0, 20));
add('power.factor', 'Power factor', null, walk(0.93, 0.01, 0.5, 1));
add('power.frequency', 'Supply frequency', 'Hz', walk(50, 0.02, 45, 55));
for (const phase of ['A', 'B', 'C'] as const) {
  add(`power.phase${phase}.voltage`, `Phase ${phase} voltage`, 'V', walk(400, 2, 300, 480));
  add(`power.phase${phase}.current`, `Phase ${phase} current`, 'A', walk(21, 1, 0, 100));
}
add('energy.total', 'Total energy', 'kWh', counter(14, 120_000), 'step');
add('energy.compressors', 'Compressor energy', 'kWh', counter(8, 70_000), 'step');
add('energy.fans', 'Fan energy', 'kWh', counter(4, 35_000), 'step');
add('energy.heaters', 'Heater energy', 'kWh', counter(0.2, 1_500), 'step');
add('cooling.capacity', 'Net sensible cooling capacity', 'kW', walk(88, 4, 0, 150));
add('cooling.load', 'Cooling load', '%', walk(64, 3, 0, 100));
add('cooling.demand', 'Cooling demand', '%', walk(60, 4, 0, 100));
add('cooling.sensibleHeatRatio', 'Sensible heat ratio', null, walk(0.95, 0.01, 0.5, 1));
add('cooling.cop', 'Coefficient of performance', null, walk(4.1, 0.15, 0, 10));
add('airflow.supply', 'Supply airflow', 'm³/h', walk(21_000, 400, 0, 40_000));
add('airflow.return', 'Return airflow', 'm³/h', walk(20_500, 400, 0, 40_000));

// Availability percentages (2 decimals on screen).
for (const [key, label] of [
  ['unitAvailability', 'Unit availability'],
  ['coolingAvailability', 'Cooling availability'],
  ['communicationAvailability', 'Communication availability'],
  ['fanAvailability', 'Fan availability'],
  ['compressorAvailability', 'Compressor availability'],
] as const) {
  add(`availability.${key}`, label, '%', walk(99.6, 0.15, 90, 100));
}

// Controller, firmware and host.
add('system.cpu', 'Controller CPU', '%', walk(23, 4, 0, 100), 'cpu');
add('system.uptime', 'Controller uptime', 's', { kind: 'uptime' }, 'uptime');
add('system.memoryUsage', 'Controller memory usage', '%', walk(48, 2, 0, 100));
add('system.diskUsage', 'Controller disk usage', '%', walk(37, 0.2, 0, 100));
add('system.networkLatency', 'Network latency', 'ms', walk(4, 1, 0, 500));
add('system.serialNumber', 'Serial number', null, { kind: 'text', value: 'serial' }, 'step', 'string');
add('system.model', 'Model', null, { kind: 'text', value: 'model' }, 'step', 'string');
for (const [key, label, version] of [
  ['controller', 'Controller firmware', semanticVersion(4, 12, 3)],
  ['display', 'Display firmware', semanticVersion(2, 7, 0)],
  ['fanDriver', 'Fan driver firmware', semanticVersion(1, 30, 11)],
  ['compressorDriver', 'Compressor driver firmware', semanticVersion(3, 2, 45)],
  ['bmsGateway', 'BMS gateway firmware', semanticVersion(5, 0, 2)],
] as const) {
  add(`firmware.${key}.version`, label, null, { kind: 'version', value: version }, 'semantic_version');
}

// Filters, humidifier, heaters, leak detection.
addState('filter.condition', 'Filter condition', state('filterCondition', 0, 0.01));
add('filter.hoursSinceChange', 'Hours since filter change', 'h', counter(1, 1_200), 'step');
addState('humidifier.state', 'Humidifier state', state('humidifierState', 0, 0.4));
add('humidifier.output', 'Humidifier output', '%', walk(8, 3, 0, 100));
add('humidifier.conductivity', 'Humidifier water conductivity', 'µS/cm', walk(420, 10, 0, 2000));
add('humidifier.current', 'Humidifier current', 'A', walk(1.2, 0.3, 0, 20));
for (let index = 1; index <= 2; index++) {
  addState(`heater.${index}.state`, `Heater stage ${index}`, state('onOff', 0, 0.1));
  add(`heater.${index}.output`, `Heater stage ${index} output`, '%', walk(3, 2, 0, 100));
}
for (let index = 1; index <= 4; index++) {
  add(
    `leak.zone.${index}.detected`,
    `Leak detected, zone ${index}`,
    null,
    { kind: 'flag', faultCodes: [501] },
    'step',
    'boolean',
  );
}

// Fans: six EC fans.
for (let index = 1; index <= 6; index++) {
  addState(`fan.${index}.state`, `Fan ${index} state`, state('fanState', 1, 0.05));
  add(`fan.${index}.speed`, `Fan ${index} speed`, '%', walk(68, 2.5, 0, 100));
  add(`fan.${index}.rpm`, `Fan ${index} rpm`, 'rpm', walk(1_450, 40, 0, 2_200));
  add(`fan.${index}.current`, `Fan ${index} current`, 'A', walk(3.1, 0.15, 0, 10));
  add(`fan.${index}.power`, `Fan ${index} power`, 'kW', walk(1.4, 0.08, 0, 5));
  add(`fan.${index}.temperature`, `Fan ${index} motor temperature`, '°C', walk(46, 1, 0, 120));
  add(`fan.${index}.runHours`, `Fan ${index} run hours`, 'h', counter(1, 21_000 + index * 137), 'step');
}

// Compressors: four, with their refrigerant circuit readings.
for (let index = 1; index <= 4; index++) {
  addState(`compressor.${index}.state`, `Compressor ${index} state`, state('compressorState', 1, 1.5));
  add(`compressor.${index}.speed`, `Compressor ${index} speed`, '%', walk(55, 5, 0, 100));
  add(
    `compressor.${index}.suctionPressure`,
    `Compressor ${index} suction pressure`,
    'psi',
    walk(118, 3, 0, 300),
  );
  add(
    `compressor.${index}.dischargePressure`,
    `Compressor ${index} discharge pressure`,
    'psi',
    walk(340, 8, 0, 650),
  );
  add(
    `compressor.${index}.suctionTemperature`,
    `Compressor ${index} suction temperature`,
    '°C',
    walk(9, 0.5),
  );
  add(
    `compressor.${index}.dischargeTemperature`,
    `Compressor ${index} discharge temperature`,
    '°C',
    walk(71, 1.5),
  );
  add(`compressor.${index}.superheat`, `Compressor ${index} superheat`, 'K', walk(6, 0.4, 0, 30));
  add(`compressor.${index}.subcooling`, `Compressor ${index} subcooling`, 'K', walk(5, 0.4, 0, 30));
  add(`compressor.${index}.current`, `Compressor ${index} current`, 'A', walk(17, 0.8, 0, 60));
  add(
    `compressor.${index}.runHours`,
    `Compressor ${index} run hours`,
    'h',
    counter(0.8, 14_000 + index * 211),
    'step',
  );
  add(
    `compressor.${index}.starts`,
    `Compressor ${index} starts`,
    null,
    counter(0.6, 3_100 + index * 17),
    'step',
  );
}

// Pumps: three.
for (let index = 1; index <= 3; index++) {
  addState(`pump.${index}.state`, `Pump ${index} state`, state('pumpState', index === 3 ? 2 : 1, 0.1));
  add(`pump.${index}.speed`, `Pump ${index} speed`, '%', walk(72, 2, 0, 100));
  add(`pump.${index}.current`, `Pump ${index} current`, 'A', walk(6.5, 0.3, 0, 30));
  add(
    `pump.${index}.differentialPressure`,
    `Pump ${index} differential pressure`,
    'kPa',
    walk(145, 4, 0, 400),
  );
  add(`pump.${index}.runHours`, `Pump ${index} run hours`, 'h', counter(1, 9_000 + index * 97), 'step');
}

// Coils and rack sensors: the long tail a busy unit reports.
for (let index = 1; index <= 2; index++) {
  add(`coil.${index}.enteringAirTemperature`, `Coil ${index} entering air temperature`, '°C', walk(29, 0.7));
  add(`coil.${index}.leavingAirTemperature`, `Coil ${index} leaving air temperature`, '°C', walk(17.5, 0.6));
  add(
    `coil.${index}.leavingWaterTemperature`,
    `Coil ${index} leaving water temperature`,
    '°C',
    walk(17.8, 0.4),
  );
}
for (let index = 1; index <= 12; index++) {
  add(`temperature.rack.${index}.inlet`, `Rack ${index} inlet temperature`, '°C', walk(22.5, 0.7, 10, 40));
  add(`temperature.rack.${index}.outlet`, `Rack ${index} outlet temperature`, '°C', walk(34, 1, 15, 55));
  add(`humidity.rack.${index}.inlet`, `Rack ${index} inlet humidity`, '%RH', walk(46, 2, 10, 90));
}

/** The demo's metric catalogue, most important first (the simulator sends a prefix of it per unit). */
export const DEMO_METRICS: readonly MetricDefinition[] = defs;
