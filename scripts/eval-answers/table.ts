/** A plain-text table: one row per key, one column per field (union of the rows' fields, in order); null shows as "–". */
export function formatTable(rows: Record<string, Record<string, string | number | null | undefined>>, corner = ""): string {
  const columns = [...new Set(Object.values(rows).flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? "–" : String(v));
  const body = Object.entries(rows).map(([label, r]) => [label, ...columns.map((c) => cell(r[c]))]);
  const all = [[corner, ...columns], ...body];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((line) => line[i]!.length)));
  const render = (line: string[]) => line.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  ");
  return [render(all[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(render)].join("\n");
}
