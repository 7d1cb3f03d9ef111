/**
 * A strict parser of Prometheus's text exposition format (0.0.4), for tests that read `/metrics`.
 * prom-client writes the format but cannot read it, and `parse-prometheus-text-format` (1.1.1)
 * merges every labelled series of a histogram into one and drops their sums and counts, which
 * would hide exactly what these tests check. This one refuses what Prometheus would refuse: a
 * malformed line or label, a sample of a family whose TYPE is not declared before it, a series
 * given twice, a histogram whose buckets are not cumulative or whose +Inf bucket is not its count.
 */

export interface PromSeries {
  /** The sample's own name (`x_bucket`, `x_sum` for a histogram's parts). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  series: PromSeries[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheus(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>();
  const seen = new Set<string>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) return; // a comment
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) fail('bad metric name');
      const family = families.get(name) ?? { name, type: 'untyped', help: '', series: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) fail('unknown type');
        if (family.series.length > 0) fail('TYPE after samples');
        family.type = rest as PromFamily['type'];
      } else family.help = rest;
      families.set(name, family);
      return;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)( -?\d+)?$/.exec(line);
    if (!sample) return fail('malformed sample');
    const [, name, rawLabels, rawValue] = sample as unknown as [
      string,
      string,
      string | undefined,
      string,
    ];
    const labels = rawLabels ? parseLabels(rawLabels, fail) : {};
    const value = parseValue(rawValue, fail);
    const family = familyOf(families, name) ?? fail('sample of an undeclared family');
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) fail('series given twice');
    seen.add(key);
    family.series.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function familyOf(families: Map<string, PromFamily>, name: string): PromFamily | undefined {
  const direct = families.get(name);
  if (direct && direct.type !== 'histogram' && direct.type !== 'summary') return direct;
  const base = /^(.*)_(bucket|sum|count)$/.exec(name);
  const family = base ? families.get(base[1]!) : undefined;
  if (!family || (base![2] === 'bucket' && family.type !== 'histogram')) return undefined;
  return family.type === 'histogram' || family.type === 'summary' ? family : undefined;
}

function parseLabels(raw: string, fail: (why: string) => never): Record<string, string> {
  const labels: Record<string, string> = {};
  let at = 1;
  const end = raw.length - 1;
  while (at < end) {
    const eq = raw.indexOf('=', at);
    if (eq < 0) fail('label without a value');
    const name = raw.slice(at, eq);
    if (!LABEL.test(name)) fail(`bad label name ${name}`);
    if (raw[eq + 1] !== '"') fail('label value not quoted');
    let value = '';
    let i = eq + 2;
    for (; i < end && raw[i] !== '"'; i++) {
      if (raw[i] !== '\\') {
        value += raw[i];
        continue;
      }
      const next = raw[(i += 1)];
      if (next === 'n') value += '\n';
      else if (next === '\\' || next === '"') value += next;
      else fail('bad escape in a label value');
    }
    if (raw[i] !== '"') fail('unterminated label value');
    if (name in labels) fail(`label ${name} given twice`);
    labels[name] = value;
    at = i + 1;
    if (raw[at] === ',') at += 1;
    else if (at !== end) fail('labels not separated by commas');
  }
  return labels;
}

function parseValue(raw: string, fail: (why: string) => never): number {
  if (raw === '+Inf') return Infinity;
  if (raw === '-Inf') return -Infinity;
  if (raw === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) fail('bad value');
  return Number(raw);
}

/** Each series' buckets never decrease as `le` grows, and its +Inf bucket is its count. */
function checkHistogram(family: PromFamily): void {
  const bySeries = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.series) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = bySeries.get(key) ?? { buckets: [] };
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([le === '+Inf' ? Infinity : Number(le), s.value]);
    } else if (s.name.endsWith('_count')) entry.count = s.value;
    bySeries.set(key, entry);
  }
  for (const [key, { buckets, count }] of bySeries) {
    buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < buckets.length; i++)
      if (buckets[i]![1] < buckets[i - 1]![1])
        throw new Error(`${family.name}${key}: buckets are not cumulative`);
    const inf = buckets[buckets.length - 1];
    if (!inf || inf[0] !== Infinity || inf[1] !== count)
      throw new Error(`${family.name}${key}: the +Inf bucket is not the count`);
  }
}

/** The sum of a family's sample values named `name` whose labels include `match`. */
export function sampleSum(
  families: Map<string, PromFamily>,
  name: string,
  match: Record<string, string> = {},
): number {
  const base = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1];
  const family = families.get(name) ?? (base ? families.get(base) : undefined);
  if (!family) return 0;
  return family.series
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}
