"use client";

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useConsoleText } from "../console-lang";
import { AXIS_COLOR, GRID_COLOR } from "./chart-colors";

export type CountBar = { label: string; count: number; color: string };

/** One bar per category, labelled on the axis; decorative for assistive technology like the stacked chart. */
export function CountBarChart({ bars, height = 220 }: { bars: CountBar[]; height?: number }) {
  const t = useConsoleText();
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={bars}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 4, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={GRID_COLOR} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fill: AXIS_COLOR, fontSize: 12 }} tickLine={false} />
          <YAxis
            type="category"
            dataKey="label"
            width={136}
            tick={{ fill: AXIS_COLOR, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            cursor={{ fill: "rgba(148, 163, 184, 0.15)" }}
            itemStyle={{ color: "#0f172a" }}
            formatter={(value) => [String(value ?? 0), t.count]}
          />
          <Bar dataKey="count" name={t.count} isAnimationActive={false}>
            {bars.map((b) => (
              <Cell key={b.label} fill={b.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
