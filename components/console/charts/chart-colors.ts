/**
 * Okabe-Ito colours, told apart with the common colour-vision deficiencies. Colour is never the only cue:
 * the legend names each series, and every chart has a table of its figures for screen readers.
 */
export const SERIES_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#7A7A7A"] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length]!;
}

/** Axis and grid ink: slate-600 text passes 4.5:1 on white; the grid stays faint. */
export const AXIS_COLOR = "#475569";
export const GRID_COLOR = "#e2e8f0";
