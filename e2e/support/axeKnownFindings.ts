import type { KnownFinding } from './axe.ts';

/**
 * Serious or critical violations that are known and owned, allowed until their owner fixes them; the check prints
 * each occurrence. Never a whole rule: always a rule on an element (or, for contrast, on one colour pair of the
 * theme), with who fixes it and how. Remove an entry once its fix lands: the check then holds the fix.
 * The same list, with screens, is in .tmp/axe-findings.md.
 */
export const KNOWN_FINDINGS: readonly KnownFinding[] = [
  // --- The theme (apps/web/src/app/providers/theme.ts): Mantine's light-scheme colours below WCAG AA 4.5:1. ---
  {
    rule: 'color-contrast',
    selector: '',
    summary: /(foreground|background) color: #(228be6|1c7ed6)\b/,
    owner: 'app/providers/theme.ts',
    fix: 'primary blue.6/blue.7 with white or as link text (3.6:1, 4.2:1): primaryShade { light: 8 } (blue.8 #1971c2)',
  },
  {
    rule: 'color-contrast',
    selector: '',
    summary: /foreground color: #e67700, background color: #fff3bf/,
    owner: 'app/providers/theme.ts (seen on features/liveView LastHeardFrom)',
    fix: "a yellow light-variant Alert's title (yellow.9 on yellow.1, 2.7:1): a variantColorResolver whose 'light' variant writes in a darker shade or the body colour",
  },
  // --- Shared building blocks and screens owned by others. ---
  {
    rule: 'aria-required-attr',
    selector: /role="separator"[^>]*aria-label="Resize /,
    owner: 'shared/ui/PagedTable (pagedTableHeader)',
    fix: "the column resize grip (role separator, focusable) needs aria-valuenow: the column's width",
  },
  {
    rule: 'aria-allowed-attr',
    selector: /mantine-I[^"]*" (data-inline="true" )?aria-haspopup="dialog" aria-expanded/,
    owner: 'features/notifications/NotificationBell, shared/ui/SetFilter',
    fix: 'Popover.Target wraps an Indicator (a div), so aria-expanded lands on it: put the Indicator outside and the target on the button',
  },
  {
    rule: 'button-name',
    selector: /mantine-(Drawer|Modal)-close/,
    owner:
      'app/providers/theme.ts (every Modal and Drawer: problems drawer, new ticket, admin, maintenance, uploads)',
    fix: "closeButtonProps: { 'aria-label': 'Close' } once in the theme's Modal and Drawer defaultProps, not per dialog",
  },
];
