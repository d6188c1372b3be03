import { useId, type ReactNode } from 'react';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';

/**
 * An action the signed-in user may not take on this row, shown disabled with the reason as its tooltip, so that a
 * customer sees why a control they had is gone (the server refuses the action too). Mantine's way of keeping a
 * tooltip on a disabled button: `aria-disabled` and `data-disabled` instead of `disabled`, which would also drop
 * the button's focus and pointer events. The tooltip opens on hover, on a tap (a phone has no hover) and on
 * keyboard focus; a screen reader hears the reason as the button's description, tooltip open or not.
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
  const reasonId = useId();
  return (
    <>
      <Tooltip label={reason} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          aria-describedby={reasonId}
          aria-disabled
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
