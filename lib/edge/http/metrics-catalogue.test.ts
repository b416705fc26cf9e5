import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metrics } from "@/lib/base/observability/metrics";
import { registerAllMetrics } from "./metrics-endpoint";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Every series name the service exports: its metrics, with a histogram's _bucket, _count and _sum. */
function exported(): Set<string> {
  registerAllMetrics();
  const { registry, instance } = metrics();
  const names = new Set<string>();
  for (const metric of [...registry.getMetricsAsArray(), ...instance.getMetricsAsArray()]) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === "histogram") for (const suffix of ["_bucket", "_count", "_sum"]) names.add(`${name}${suffix}`);
    if (type === "summary") for (const suffix of ["_count", "_sum"]) names.add(`${name}${suffix}`);
  }
  return names;
}

// PromQL words that are not series: operators, modifiers and the aggregations (written `sum by (x) (...)`).
const WORDS = new Set(
  [
    "and",
    "or",
    "unless",
    "by",
    "without",
    "on",
    "ignoring",
    "group_left",
    "group_right",
    "bool",
    "offset",
    "inf",
    "nan",
  ].concat([
    "sum",
    "min",
    "max",
    "avg",
    "group",
    "stddev",
    "stdvar",
    "count",
    "count_values",
    "bottomk",
    "topk",
    "quantile",
  ]),
);

/**
 * The series names a PromQL expression reads: what is left once strings, matchers, ranges, label lists, numbers and
 * calls are taken out.
 */
function seriesNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\boffset\s+\S+/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "$1 ")
    .replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, " ");
  const names = new Set<string>();
  for (const match of bare.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const calls = /^\s*\(/.test(bare.slice(match.index + match[0].length));
    if (!calls && !WORDS.has(match[0].toLowerCase())) names.add(match[0]);
  }
  return [...names];
}

/** The `expr:` of each rule of a Prometheus rules file, written inline or as a `|` block. */
function ruleExpressions(yaml: string): { alert: string; expr: string }[] {
  const lines = yaml.split("\n");
  const rules: { alert: string; expr: string }[] = [];
  let alert = "";
  lines.forEach((line, i) => {
    const named = line.match(/^\s*-\s*alert:\s*(\S+)/);
    if (named) alert = named[1]!;
    const expr = line.match(/^(\s*)expr:\s*(.*)$/);
    if (!expr) return;
    if (expr[2]!.trim() !== "|") return void rules.push({ alert, expr: expr[2]!.trim() });
    const body: string[] = [];
    for (const next of lines.slice(i + 1)) {
      if (next.trim() !== "" && next.search(/\S/) <= expr[1]!.length) break;
      body.push(next.trim());
    }
    rules.push({ alert, expr: body.join(" ").trim() });
  });
  return rules;
}

type Panel = { title?: string; type?: string; targets?: { expr?: string }[]; panels?: Panel[] };
const dashboardExpressions = (panels: Panel[]): { panel: string; expr: string }[] =>
  panels.flatMap((p) => [
    ...(p.targets ?? []).filter((t) => t.expr).map((t) => ({ panel: p.title ?? "", expr: t.expr! })),
    ...dashboardExpressions(p.panels ?? []),
  ]);

// `up` is Prometheus' own, one per scrape target.
const PROMETHEUS_OWN = new Set(["up"]);

describe("alert rules and dashboard name only metrics the service exports", () => {
  const names = exported();
  const missing = (expr: string) => seriesNames(expr).filter((name) => !names.has(name) && !PROMETHEUS_OWN.has(name));

  it("finds the series of an expression, and nothing else", () => {
    expect(
      seriesNames(
        'sum by (connector, le) (rate(partner_call_duration_seconds_bucket{outcome=~"retry|error"}[5m])) / on () ' +
          "group_left max(up) > 0.2",
      ),
    ).toEqual(["partner_call_duration_seconds_bucket", "up"]);
    expect(seriesNames("(sum(increase(x_total[30m])) or vector(0)) == 0 and on () hour() >= 6 offset 1h")).toEqual([
      "x_total",
    ]);
    expect(missing("rate(no_such_metric_total[5m]) + 1e3")).toEqual(["no_such_metric_total"]);
  });

  it("the service exports the business, partner and operational metrics", () => {
    for (const name of [
      "payment_transactions_created_total",
      "payment_transaction_transitions_total",
      "partner_call_duration_seconds_bucket",
      "signature_failures_total",
      "callback_backlog_deliveries",
      "app_ready",
      "db_pool_max_connections",
      "deposit_last_completed_age_seconds",
      "reconciliation_open_discrepancies",
      "reconciliation_last_reconciled_age_seconds",
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it("every alert of deploy/prometheus/alerts.yml reads exported metrics, and docs/deploy.md explains it", () => {
    const yaml = read("deploy/prometheus/alerts.yml");
    const rules = ruleExpressions(yaml);
    expect(rules.length).toBe(yaml.match(/^\s*-\s*alert:/gm)!.length);
    expect(rules.length).toBeGreaterThanOrEqual(10);
    const deploy = read("docs/deploy.md");
    for (const { alert, expr } of rules) {
      expect(seriesNames(expr).length, alert).toBeGreaterThan(0);
      expect(missing(expr), alert).toEqual([]);
      expect(deploy, `docs/deploy.md explains ${alert}`).toContain(`\`${alert}\``);
    }
  });

  it("every panel of the Grafana dashboard reads exported metrics", () => {
    const dashboard = JSON.parse(read("deploy/grafana/payment-integration-service.json")) as { panels: Panel[] };
    const expressions = dashboardExpressions(dashboard.panels);
    expect(expressions.length).toBeGreaterThanOrEqual(20);
    for (const { panel, expr } of expressions) expect(missing(expr), `${panel}: ${expr}`).toEqual([]);
  });
});
