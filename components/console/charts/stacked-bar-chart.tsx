"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/base/money/format-money";
import { CONSOLE_LOCALES } from "@/lib/edge/i18n/console/lang";
import { useConsoleLang } from "../console-lang";
import { AXIS_COLOR, GRID_COLOR } from "./chart-colors";

export type Series = { key: string; label: string; color: string };

/**
 * One row per bar. Money series carry, beside the plotted number, the exact decimal string under
 * `<key>:text`, which the tooltip shows instead of the float.
 */
export type StackedRow = { x: string } & Record<string, string | number>;

/**
 * Bars stacked by series; decorative for assistive technology, which reads the panel's table instead.
 * `horizontal` puts the categories on the y axis, for a few long names that would not fit side by side.
 */
export function StackedBarChart({
  rows,
  series,
  unit,
  height = 260,
  horizontal = false,
}: {
  rows: StackedRow[];
  series: Series[];
  unit: "count" | "money";
  height?: number;
  horizontal?: boolean;
}) {
  const lang = useConsoleLang();
  const compact = new Intl.NumberFormat(CONSOLE_LOCALES[lang], { notation: "compact", maximumFractionDigits: 1 });
  const tick = { fill: AXIS_COLOR, fontSize: 12 };
  const values = {
    tick,
    tickLine: false,
    allowDecimals: unit === "money",
    tickFormatter: (v: number) => compact.format(v),
  };
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout={horizontal ? "vertical" : "horizontal"}
          accessibilityLayer={false}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke={GRID_COLOR} vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" {...values} />
              <YAxis type="category" dataKey="x" width={160} tick={tick} tickLine={false} axisLine={false} />
            </>
          ) : (
            <>
              <XAxis dataKey="x" tick={tick} tickLine={false} minTickGap={12} />
              <YAxis {...values} axisLine={false} width={48} />
            </>
          )}
          <Tooltip
            cursor={{ fill: "rgba(148, 163, 184, 0.15)" }}
            // Listed as stacked, top first, in dark text (the swatch-coloured default is faint for pale series).
            itemSorter={(item) => -series.findIndex((s) => s.key === item.dataKey)}
            itemStyle={{ color: "#0f172a" }}
            formatter={(value, name, item) => {
              const text = item.payload?.[`${String(item.dataKey)}:text`];
              return [
                unit === "money" && typeof text === "string" ? formatMoney(text, lang) : String(value ?? 0),
                name,
              ];
            }}
          />
          {/* Series order, not alphabetical, and dark text: pale series colours are unreadable as text. */}
          <Legend
            itemSorter={null}
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value: string) => <span style={{ color: AXIS_COLOR }}>{value}</span>}
          />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="stack" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
