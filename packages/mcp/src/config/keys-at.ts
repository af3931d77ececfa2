import type { z } from "zod";

interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/**
 * The keys an object schema accepts at a path of the parsed value (`["limits"]`, `["mcpServers", "fs"]`): what an
 * unknown key there could have meant. Empty when the path leads to no object.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  const remaining = [...path];
  for (let step = 0; current && step < 64; step++) {
    const definition = definitionOf(current);
    if (definition.type === "object" && remaining.length === 0) return Object.keys(definition.shape ?? {});
    if (definition.type === "optional" || definition.type === "nullable" || definition.type === "default") current = definition.innerType;
    else if (definition.type === "pipe") current = definition.in;
    else if (remaining.length === 0) return [];
    else if (definition.type === "object") current = definition.shape?.[String(remaining.shift())];
    else if (definition.type === "record") {
      remaining.shift();
      current = definition.valueType;
    } else if (definition.type === "array") {
      remaining.shift();
      current = definition.element;
    } else return [];
  }
  return [];
}
