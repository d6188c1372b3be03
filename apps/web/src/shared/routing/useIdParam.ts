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
  const raw = useParams()[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
