/** One sample line of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of an exposition (comments and blank lines skipped); throws on a line that is neither. */
export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleSum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/**
 * The token the metrics tests configure: on the API port /metrics is served only behind METRICS_TOKEN
 * (issue 27 item 5), so a stack that scrapes it is made with `config: { METRICS_TOKEN: TEST_METRICS_TOKEN }`.
 */
export const TEST_METRICS_TOKEN = 'test-metrics-token';

/** GET /metrics through a test agent, with the test token: 200, parsed. */
export async function scrapeMetrics(http: {
  get(path: string): { set(name: string, value: string): PromiseLike<{ status: number; text: string }> };
}): Promise<Sample[]> {
  const res = await http.get('/metrics').set('authorization', `Bearer ${TEST_METRICS_TOKEN}`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return parseExposition(res.text);
}
