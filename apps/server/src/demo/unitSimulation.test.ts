import { describe, expect, it } from 'vitest';
import { DEMO_METRICS } from './metricCatalogue.ts';
import { createUnitSimulation, DEMO_STATUS } from './unitSimulation.ts';

/** A repeatable random stream that never starts a fault or a silence of its own within minutes. */
function quietRandom(): () => number {
  let seed = 42;
  return () => {
    seed = (seed * 16807) % 2147483647;
    // Stay above the per-step fault and gap chances (tiny per 10 s step), so only the scheduled fault happens.
    return 0.05 + 0.95 * (seed / 2147483647);
  };
}

describe('a simulated unit', () => {
  it('develops a scheduled fault at its time, with alarm status on the readings it pushes, and recovers after it', () => {
    const start = Date.UTC(2026, 10, 25, 12);
    const unit = { assetId: 1, serialNumber: 'SN-1', model: 'CW-120' };
    const simulation = createUnitSimulation(unit, DEMO_METRICS, start, quietRandom());
    simulation.scheduleFault(101, start + 60_000, 10);
    const supplyAir = (at: number) =>
      simulation.sample(at).find((point) => point.alias === 'temperature.supplyAir');

    const before = supplyAir(start + 50_000);
    expect(before?.status).not.toBe(DEMO_STATUS.inAlarm);
    const during = supplyAir(start + 70_000);
    expect(during?.status).toBe(DEMO_STATUS.inAlarm);
    expect(Number(during?.value)).toBeGreaterThan(Number(before?.value) + 5);
    expect(simulation.sample(start + 80_000).find((point) => point.alias === 'alarm.activeCode')?.value).toBe(
      101,
    );
    const after = supplyAir(start + 12 * 60_000);
    expect(after?.status).not.toBe(DEMO_STATUS.inAlarm);
  });
});
