import { describe, expect, it } from 'vitest';
import { contract as fullContract, endpointRoute } from '@kelvin/contract';
import { contract } from './endpoints.ts';

describe("the browser's endpoint references", () => {
  it('name every endpoint of the contract with its route (run apps/web/writeEndpoints.ts when this fails)', () => {
    const expected = Object.fromEntries(
      Object.entries(fullContract).map(([key, def]) => [key, endpointRoute(def)]),
    );
    expect(contract).toEqual(expected);
  });

  it('carry no schema', () => {
    for (const ref of Object.values(contract)) {
      expect(Object.keys(ref).sort()).toEqual(expect.arrayContaining(['method', 'name', 'path']));
      expect(ref).not.toHaveProperty('output');
      expect(ref).not.toHaveProperty('body');
    }
  });
});
