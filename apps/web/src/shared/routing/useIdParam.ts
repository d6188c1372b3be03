import { useParams } from 'react-router';

/**
 * A numeric route parameter. The routes only match where the parameter exists; a value that is not a
 * positive integer becomes 0, which the server answers as missing, so the page shows "not found".
 */
export function useIdParam(name: string): number {
  const value = Number(useParams()[name]);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** An optional numeric route parameter (devices/{assetId?}). */
export function useOptionalIdParam(name: string): number | undefined {
  return optionalId(useParams()[name]);
}

/** A route parameter's value as a positive integer id, or undefined (absent or not an id). */
export function optionalId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
