import { connectAsync } from 'mqtt';
import { clickHouseReachable } from '../platform/timeseries/clickhouse/clickHouseStore.ts';
import { serviceAvailable } from './serviceAvailable.ts';

/** The ClickHouse the tests use (CLICKHOUSE_URL, else this machine's). */
export const CLICKHOUSE_TEST_URL = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';

/** The MQTT broker the tests use (MQTT_TEST_URL, else this machine's Mosquitto). */
export const MQTT_TEST_URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether ClickHouse answers (skips locally, fails under KELVIN_REQUIRE_SERVICES=1; see serviceAvailable). */
export function clickHouseAvailable(): Promise<boolean> {
  return serviceAvailable('ClickHouse', CLICKHOUSE_TEST_URL, async () => {
    if (!(await clickHouseReachable(CLICKHOUSE_TEST_URL))) throw new Error('no answer');
  });
}

/** Whether the MQTT broker takes a connection (as clickHouseAvailable). */
export function mosquittoAvailable(): Promise<boolean> {
  return serviceAvailable('Mosquitto', MQTT_TEST_URL, async () => {
    const probe = await connectAsync(MQTT_TEST_URL, { connectTimeout: 2000, reconnectPeriod: 0 });
    await probe.endAsync();
  });
}
