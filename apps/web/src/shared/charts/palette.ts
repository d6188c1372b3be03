/** Spec: the default chart palette has 6 colours; series take them in turn. Chosen to read on light and dark. */
export const CHART_PALETTE = ['#228be6', '#fd7e14', '#12b886', '#be4bdb', '#fa5252', '#82c91e'] as const;

export function paletteColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] ?? CHART_PALETTE[0];
}
