import { Radio, Stack, Text } from '@mantine/core';
import { formatMetricValueWithUnits, type UnitsProfile } from '@kelvin/domain';

/** What each profile shows, read off the one value formatter so the examples are what the screens will show. */
const EXAMPLES: { alias: string; value: number; units: string }[] = [
  { alias: 'temperature.supplyAir', value: 18.5, units: '°C' },
  { alias: 'chilledWater.flow', value: 4.2, units: 'l/s' },
  { alias: 'airflow.supply', value: 21000, units: 'm³/h' },
  { alias: 'chilledWater.supplyPressure', value: 310, units: 'kPa' },
  { alias: 'cooling.capacity', value: 88, units: 'kW' },
];

function examples(profile: UnitsProfile): string {
  return EXAMPLES.map(({ alias, value, units }) =>
    formatMetricValueWithUnits({ alias, displayType: 'line', valueType: 'number' }, value, units, profile),
  ).join(' · ');
}

const PROFILES: { value: UnitsProfile; label: string }[] = [
  { value: 'metric', label: 'Metric' },
  { value: 'imperial', label: 'Imperial' },
];

/** Metric (as stored) or imperial (converted for display). */
export function UnitsProfileSetting({
  value,
  saving,
  onChange,
}: {
  value: UnitsProfile;
  saving: boolean;
  onChange: (profile: UnitsProfile) => void;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => {
        const profile = PROFILES.find((option) => option.value === next)?.value;
        if (profile && profile !== value) onChange(profile);
      }}
      label="Units profile"
    >
      <Stack gap="xs" mt="xs">
        {PROFILES.map((profile) => (
          <Radio
            key={profile.value}
            value={profile.value}
            disabled={saving}
            label={profile.label}
            description={examples(profile.value)}
          />
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        Values you type (thresholds, set points, commands) stay in the units the unit reports.
      </Text>
    </Radio.Group>
  );
}
