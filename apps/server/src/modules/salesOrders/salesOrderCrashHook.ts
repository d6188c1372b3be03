/**
 * Test-only switch for the crash test of issue 24 item 4 (salesOrdersCrash.test.ts): with
 * KELVIN_TEST_EXIT_AFTER_NETSUITE_UPSERT=1 in its environment the server process exits (code 86) right after
 * NetSuite answered the sales order's upsert and before our database records it, as a crash at the worst moment
 * would. Nothing else reads it; unset (always, outside that test) it does nothing.
 */
export const EXIT_AFTER_UPSERT_ENV = 'KELVIN_TEST_EXIT_AFTER_NETSUITE_UPSERT';
export const EXIT_AFTER_UPSERT_CODE = 86;

export function exitIfCrashTestAfterUpsert(): void {
  if (process.env[EXIT_AFTER_UPSERT_ENV] === '1') process.exit(EXIT_AFTER_UPSERT_CODE);
}
