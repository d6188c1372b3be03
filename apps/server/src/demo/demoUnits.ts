/** The agent of a data hall: one per hall, at the subnet's .2 address. */
export function agent(name: string, subnet: number) {
  return { name, firmwareVersion: '4.12.3', privateIpAddress: `10.${subnet}.0.2` };
}

/** A cooling unit of the demo fleet with the properties an installer would record. */
export interface DemoUnit {
  name: string;
  model: string;
  manufacturer: string;
  serialNumber: string;
  position: string;
  privateIpAddress: string;
  refrigerant: string;
  capacityKw: string;
  installDate: string;
}

/** The unit models the demo uses: a few families, so that lists and filters have something to group. */
const MODELS = {
  cw400: {
    model: 'CW-400 Chilled Water CRAH',
    manufacturer: 'Kelvin Thermal',
    refrigerant: 'Chilled water',
    capacityKw: 115,
  },
  dx250: {
    model: 'DX-250 Direct Expansion CRAC',
    manufacturer: 'Kelvin Thermal',
    refrigerant: 'R-454B',
    capacityKw: 72,
  },
  rd35: {
    model: 'RD-35 Rear Door Heat Exchanger',
    manufacturer: 'Nordkyl',
    refrigerant: 'Chilled water',
    capacityKw: 35,
  },
  sx60: {
    model: 'SX-60 Split Evaporator',
    manufacturer: 'Arcton Cooling',
    refrigerant: 'R-32',
    capacityKw: 28,
  },
} as const;

export type DemoModel = keyof typeof MODELS;

/**
 * `count` units of one model in a data hall: names, serials, positions and addresses follow from the prefix
 * and subnet, so the data looks installed rather than random and stays the same on every run.
 */
export function unitsOf(options: {
  prefix: string;
  subnet: number;
  count: number;
  model: DemoModel;
  firstHost?: number;
  /** Row letter index to start at (0 is row A). */
  row?: number;
}): DemoUnit[] {
  const model = MODELS[options.model];
  const initials = model.manufacturer
    .split(' ')
    .map((word) => word.charAt(0))
    .join('');
  return Array.from({ length: options.count }, (_, index) => {
    const year = 2019 + ((options.subnet + index) % 5);
    const month = String(((options.subnet * 3 + index) % 12) + 1).padStart(2, '0');
    return {
      name: `${options.prefix}-${String(index + 1).padStart(2, '0')}`,
      model: model.model,
      manufacturer: model.manufacturer,
      serialNumber: `${initials}${String(year).slice(2)}${String(240_117 + options.subnet * 101 + index * 37)}`,
      position: `Row ${String.fromCharCode(65 + (options.row ?? 0) + Math.floor(index / 2))}, Position ${(index % 2) + 1}`,
      privateIpAddress: `10.${options.subnet}.4.${(options.firstHost ?? 21) + index}`,
      refrigerant: model.refrigerant,
      capacityKw: String(model.capacityKw),
      installDate: `${year}-${month}-15`,
    };
  });
}
