/** JSON with object keys sorted and `undefined` fields dropped, so the same prompt always gives the same text. */
export function serializeStable(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (field === null || typeof field !== "object" || Array.isArray(field)) return field;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(field).sort()) sorted[key] = (field as Record<string, unknown>)[key];
    return sorted;
  });
}
