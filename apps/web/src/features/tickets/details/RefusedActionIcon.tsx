import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * An action the signed-in user may not take on this row, shown disabled with the reason as its tooltip, so that a
 * customer sees why a control they had is gone (the server refuses the action too). Mantine's way of keeping a
 * tooltip on a disabled button: `data-disabled` keeps the pointer events a `disabled` button loses.
 */
export function RefusedActionIcon({
  label,
  reason,
  children,
}: {
  label: string;
  reason: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={reason} multiline maw={280}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-disabled
        data-disabled
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
