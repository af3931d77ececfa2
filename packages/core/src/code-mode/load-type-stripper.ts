import { platform } from "#platform";
import { installTypeStripper, needsTypeStripper } from "../script/index.js";

let typeStripper: Promise<void> | undefined;

/**
 * Loads the TypeScript stripper, once per process, when `code` may hold TypeScript: preparing such code (to run it or
 * to check it) needs it. A failure is tried again by the next script that needs it.
 */
export async function loadTypeStripperFor(code: string): Promise<void> {
  if (!needsTypeStripper(code)) return;
  typeStripper ??= platform.loadTypeStripper().then(installTypeStripper, () => {
    typeStripper = undefined;
  });
  await typeStripper;
}
