// Reads the Prometheus text exposition format, enough for tests to look samples up by name and labels.

/** Each sample's value, keyed `name{label="value",...}` with labels sorted by name (just `name` without labels). */
export function parsePrometheusText(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels = [...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, name, value]) => `${name}="${value}"`)
      .sort();
    samples.set(sampleKey(match[1]!, labels), Number(match[3]));
  }
  return samples;
}

/** The key {@link parsePrometheusText} files a sample under. */
export function sample(name: string, labels: Record<string, string> = {}): string {
  return sampleKey(name, Object.entries(labels).map(([key, value]) => `${key}="${value}"`).sort());
}

function sampleKey(name: string, labels: string[]): string {
  return labels.length === 0 ? name : `${name}{${labels.join(",")}}`;
}
