/** The value of one series (labels given in any order, as a subset), or undefined when absent. */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const have = labelsOf(line);
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

/** A sample line's labels. */
export function labelsOf(line: string): Record<string, string> {
  const labelText = /\{(.*)\}/.exec(line)?.[1] ?? "";
  return Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** GET /metrics with the bearer token: the Prometheus text (throws unless 200). */
export async function scrapeMetrics(url: string, token: string): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${await res.text()}`);
  return res.text();
}
