/**
 * Whether a service the tests use answers. Locally an absent service makes its tests skip; with
 * KELVIN_REQUIRE_SERVICES=1 (CI) its absence fails the run instead, so nothing is skipped silently there.
 */
export async function serviceAvailable(
  name: string,
  where: string,
  probe: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    if (process.env.KELVIN_REQUIRE_SERVICES === '1') {
      throw new Error(`${name} is required (KELVIN_REQUIRE_SERVICES=1) but not reachable at ${where}`, {
        cause: error,
      });
    }
    return false;
  }
}
