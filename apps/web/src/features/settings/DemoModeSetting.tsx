import { Stack, Switch, Text } from '@mantine/core';
import { maskAssetName, maskCompanyName, ASSET_TYPE } from '@kelvin/domain';

/** Demo mode on or off, with what the masks look like. */
export function DemoModeSetting({
  value,
  saving,
  onChange,
}: {
  value: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
}) {
  const example = [
    maskCompanyName(3),
    maskAssetName({ assetId: 12, assetTypeId: ASSET_TYPE.site }),
    maskAssetName({ assetId: 40, assetTypeId: ASSET_TYPE.unit }),
  ].join(', ');
  return (
    <Stack gap={4}>
      <Switch
        label="Mask company, site and asset names"
        checked={value}
        disabled={saving}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        Names read like {example}. A badge in the header says when demo mode is on.
      </Text>
    </Stack>
  );
}
