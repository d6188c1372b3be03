/**
 * The sandbox's parts and services: what a cooling service provider stocks and bills (fans, EC motors,
 * compressors, filters, refrigerant, sensors, valves, controllers). Fixed data, so every sandbox holds the same.
 */

/** itemId, display name, manufacturer part number, manufacturer, quantity on hand, cost estimate, sales price. */
type PartRow = readonly [string, string, string, string, number, number, number];

const PARTS: readonly PartRow[] = [
  ['PRT-10001', 'EC centrifugal fan 400 mm', 'R3G400-AQ23-01', 'EBM-Papst', 14, 1180, 1695],
  ['PRT-10002', 'EC centrifugal fan 450 mm', 'R3G450-PA23-71', 'EBM-Papst', 9, 1320, 1890],
  ['PRT-10003', 'EC centrifugal fan 500 mm', 'R3G500-AM52-01', 'EBM-Papst', 6, 1545, 2210],
  ['PRT-10004', 'EC axial fan 630 mm', 'A3G630-AQ33-03', 'EBM-Papst', 11, 980, 1410],
  ['PRT-10005', 'EC axial fan 800 mm', 'A3G800-AU21-03', 'EBM-Papst', 4, 1390, 1985],
  ['PRT-10006', 'EC motor 2.5 kW', 'M3G112-GA', 'EBM-Papst', 5, 860, 1240],
  ['PRT-10007', 'EC motor 3.5 kW', 'M3G150-FF', 'EBM-Papst', 3, 1105, 1580],
  ['PRT-10008', 'Fan guard 500 mm', 'FG-500-ZN', 'EBM-Papst', 22, 38, 69],
  ['PRT-10009', 'Fan speed controller 0-10 V', 'FSC-010-EC', 'Carel', 17, 142, 215],
  ['PRT-10010', 'Scroll compressor 13 kW R410A', 'ZP122KCE-TFD', 'Copeland', 3, 2380, 3395],
  ['PRT-10011', 'Scroll compressor 18 kW R410A', 'ZP182KCE-TFD', 'Copeland', 2, 2960, 4210],
  ['PRT-10012', 'Variable speed scroll compressor 25 kW', 'ZPV0662E-2E9', 'Copeland', 1, 4820, 6890],
  ['PRT-10013', 'Digital scroll compressor 10 kW', 'ZPD103KCE-TFD', 'Copeland', 2, 2745, 3920],
  ['PRT-10014', 'Compressor crankcase heater 70 W', 'CCH-70-230', 'Copeland', 19, 46, 85],
  ['PRT-10015', 'Compressor soft starter', 'CSS-25', 'Danfoss', 6, 318, 465],
  ['PRT-10016', 'Electronic expansion valve ETS 25', '034G2601', 'Danfoss', 8, 265, 389],
  ['PRT-10017', 'Electronic expansion valve ETS 50', '034G2701', 'Danfoss', 6, 312, 455],
  ['PRT-10018', 'Thermostatic expansion valve TE5', '067B3250', 'Danfoss', 12, 118, 179],
  ['PRT-10019', 'Solenoid valve EVR 10', '032F1214', 'Danfoss', 15, 74, 119],
  ['PRT-10020', 'Filter drier DML 164', '023Z5042', 'Danfoss', 34, 21, 39],
  ['PRT-10021', 'Filter drier DML 308', '023Z5049', 'Danfoss', 27, 33, 58],
  ['PRT-10022', 'Sight glass SGP 16', '014-0185', 'Danfoss', 18, 29, 52],
  ['PRT-10023', 'High pressure switch KP 5', '060-117366', 'Danfoss', 13, 56, 94],
  ['PRT-10024', 'Low pressure switch KP 1', '060-110366', 'Danfoss', 13, 52, 89],
  ['PRT-10025', 'Pressure transmitter AKS 32R', '060G1037', 'Danfoss', 16, 98, 155],
  ['PRT-10026', 'Variable speed drive FC 102 7.5 kW', '131F6627', 'Danfoss', 2, 1385, 1980],
  ['PRT-10027', 'Chilled water valve DN40 2-way', 'R2040-16-S3', 'Belimo', 7, 214, 325],
  ['PRT-10028', 'Chilled water valve DN50 2-way', 'R2050-25-S4', 'Belimo', 5, 268, 399],
  ['PRT-10029', 'Pressure-independent valve DN32', 'EP032R+MP', 'Belimo', 4, 612, 890],
  ['PRT-10030', 'Valve actuator 24 V modulating', 'LR24A-SR', 'Belimo', 11, 189, 285],
  ['PRT-10031', 'Damper actuator 10 Nm', 'NM24A-SR', 'Belimo', 9, 205, 309],
  ['PRT-10032', 'Spring-return damper actuator 20 Nm', 'SF24A-SR', 'Belimo', 6, 298, 439],
  ['PRT-10033', 'Duct temperature sensor', '01DT-1BH', 'Belimo', 24, 48, 79],
  ['PRT-10034', 'Room temperature and humidity sensor', 'QFA3171', 'Siemens', 21, 162, 245],
  ['PRT-10035', 'Duct humidity sensor', 'QFM2160', 'Siemens', 12, 185, 279],
  ['PRT-10036', 'Differential pressure sensor 0-500 Pa', 'QBM3020-5', 'Siemens', 10, 176, 265],
  ['PRT-10037', 'Immersion temperature sensor', 'QAE2120.010', 'Siemens', 26, 41, 72],
  ['PRT-10038', 'Water leak detection cable 5 m', 'LDC-5M', 'Siemens', 30, 64, 109],
  ['PRT-10039', 'Climatix PLC controller', 'POL638.70', 'Siemens', 3, 940, 1365],
  ['PRT-10040', 'Climatix I/O extension module', 'POL955.00', 'Siemens', 4, 415, 605],
  ['PRT-10041', 'Touch display 7 inch', 'POL871.72', 'Siemens', 2, 690, 995],
  ['PRT-10042', 'pCO5+ programmable controller', 'PCO5000000', 'Carel', 4, 865, 1249],
  ['PRT-10043', 'pGD1 user terminal', 'PGD1000W00', 'Carel', 6, 212, 315],
  ['PRT-10044', 'EVD evolution valve driver', 'EVD0000E50', 'Carel', 7, 298, 435],
  ['PRT-10045', 'Humidifier steam cylinder 15 kg/h', 'BL0T2C00H2', 'Carel', 9, 168, 255],
  ['PRT-10046', 'Humidifier electrode kit', 'KITCH15', 'Carel', 12, 74, 119],
  ['PRT-10047', 'NTC temperature probe', 'NTC015WP00', 'Carel', 40, 14, 29],
  ['PRT-10048', 'Supervisor gateway BACnet', 'PCOBACNET0', 'Carel', 3, 388, 565],
  ['PRT-10049', 'Panel filter G4 592x592x48', 'PF-G4-592-48', 'Camfil', 120, 18, 34],
  ['PRT-10050', 'Panel filter M5 592x592x96', 'PF-M5-592-96', 'Camfil', 80, 31, 56],
  ['PRT-10051', 'Bag filter F7 592x592x600', 'BF-F7-592-600', 'Camfil', 45, 54, 92],
  ['PRT-10052', 'Filter frame 592 galvanised', 'FF-592-GV', 'Camfil', 16, 27, 48],
  ['PRT-10053', 'Refrigerant R410A 11.3 kg cylinder', 'R410A-11.3', 'Chemours', 12, 182, 289],
  ['PRT-10054', 'Refrigerant R32 9 kg cylinder', 'R32-9', 'Daikin', 8, 158, 249],
  ['PRT-10055', 'Refrigerant R134a 12 kg cylinder', 'R134A-12', 'Chemours', 6, 214, 329],
  ['PRT-10056', 'POE compressor oil 1 l', 'RL32-3MAF-1L', 'Emkarate', 24, 22, 41],
  ['PRT-10057', 'Condensate pump 10 l/h', 'CP-10-230', 'Aspen', 10, 96, 155],
  ['PRT-10058', 'Drive belt SPA 1250', 'SPA1250', 'Gates', 18, 16, 32],
  ['PRT-10059', 'Contactor 25 A 3-pole', '3RT2026-1AP00', 'Siemens', 20, 58, 96],
  ['PRT-10060', 'Phase monitoring relay', '3UG4512-1AR20', 'Siemens', 9, 84, 139],
  ['PRT-10061', 'Motor protection breaker 10-16 A', '3RV2011-4AA10', 'Siemens', 14, 72, 118],
  ['PRT-10062', 'Plate heat exchanger 40 kW', 'B3-095-40', 'Danfoss', 2, 845, 1220],
];

/** itemId, display name, cost estimate, sales price (per hour for labour). */
type ServiceRow = readonly [string, string, number, number];

const SERVICES: readonly ServiceRow[] = [
  // The two labour items time entries are billed with: labor code `other` and `travel`.
  ['LABOR-FIELD', 'Field service labour (per hour)', 68, 145],
  ['LABOR-TRAVEL', 'Travel time (per hour)', 52, 95],
  ['LABOR-OVERTIME', 'Field service labour, overtime (per hour)', 92, 215],
  ['LABOR-EMERGENCY', 'Emergency call-out labour (per hour)', 110, 265],
  ['SVC-CALLOUT', 'Emergency call-out fee', 60, 180],
  ['SVC-PM-CRAC', 'Preventive maintenance visit, CRAC/CRAH unit', 210, 420],
  ['SVC-PM-CHILLER', 'Preventive maintenance visit, chiller', 380, 760],
  ['SVC-LEAK-TEST', 'Refrigerant leak test (F-gas)', 85, 190],
  ['SVC-REFRIG-RECOVERY', 'Refrigerant recovery and disposal', 120, 260],
  ['SVC-COMMISSIONING', 'Unit commissioning and start-up', 450, 950],
  ['SVC-CONTROLS', 'Controls programming and BMS integration (per hour)', 80, 175],
  ['SVC-THERMAL-SURVEY', 'Data hall thermal survey', 640, 1450],
  ['SVC-COIL-CLEAN', 'Coil cleaning, per unit', 95, 210],
  ['SVC-WATER-TREATMENT', 'Chilled water treatment and analysis', 140, 295],
  ['SVC-DISPOSAL', 'Waste and old parts disposal', 35, 75],
];

const cents = (value: number) => Math.round(value * 100) / 100;

export interface SeedItem {
  type: 'inventoryItem' | 'serviceSaleItem';
  itemId: string;
  body: Record<string, unknown>;
  searchText: string;
}

/** The catalogue as record bodies; average cost and last purchase price sit a little around the estimate. */
export function seedCatalogue(): SeedItem[] {
  const parts = PARTS.map(
    ([itemId, displayName, mpn, manufacturer, quantity, cost, price], index): SeedItem => ({
      type: 'inventoryItem',
      itemId,
      searchText: `${itemId} ${displayName}`,
      body: {
        itemId,
        displayName,
        mpn,
        manufacturer,
        weightUnit: 'kg',
        totalQuantityOnHand: quantity,
        costEstimate: cost,
        averageCost: cents(cost * (0.96 + (index % 5) * 0.01)),
        lastPurchasePrice: cents(cost * (0.99 + (index % 4) * 0.015)),
        basePrice: price,
        isInactive: false,
      },
    }),
  );
  const services = SERVICES.map(([itemId, displayName, cost, price], index): SeedItem => ({
    type: 'serviceSaleItem',
    itemId,
    searchText: `${itemId} ${displayName}`,
    body: {
      itemId,
      displayName,
      costEstimate: cost,
      averageCost: cents(cost * (0.98 + (index % 3) * 0.01)),
      lastPurchasePrice: cost,
      basePrice: price,
      isInactive: false,
    },
  }));
  return [...parts, ...services];
}
