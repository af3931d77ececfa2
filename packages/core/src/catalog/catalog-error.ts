/** Why a catalog operation refused: the same codes reach the script as a `{ ok: false, error }` envelope. */
export type CatalogErrorCode = "invalid_arguments" | "not_found";

/** Thrown by the catalog for bad arguments or a tool the caller cannot see (unknown and forbidden look alike). */
export class CatalogError extends Error {
  override readonly name = "CatalogError";
  readonly code: CatalogErrorCode;

  constructor(code: CatalogErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Whether a value is a CatalogError, across copies of the package. */
export function isCatalogError(value: unknown): value is CatalogError {
  return value instanceof Error && value.name === "CatalogError" && typeof (value as CatalogError).code === "string";
}
