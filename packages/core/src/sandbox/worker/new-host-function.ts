import { Lifetime, WeakLifetime, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten-core";

/** What a host function answers: a handle the guest gets (and the call frees), an error to throw there, or undefined. */
export type HostAnswer = QuickJSHandle | { error: QuickJSHandle } | undefined;

/** The guest's arguments, borrowed for the call: a handle is dead once the function returns. */
export type HostFunction = (args: QuickJSHandle[]) => HostAnswer;

type CallFunction = (ctx: number, thisPointer: number, argc: number, argv: number, functionId: number) => number;

// quickjs-emscripten 0.32 keeps these on the context, unexported: the object its module calls back through for every
// native function of the context, and the table of those functions.
interface ContextInternals {
  cToHostCallbacks?: { callFunction?: CallFunction };
  getFunction?: (functionId: number) => unknown;
}

interface CallFfi {
  QTS_ArgvGetJSValueConstPointer(argv: number, index: number): number;
  QTS_DupValuePointer(ctx: number, value: number): number;
  QTS_Throw(ctx: number, error: number): number;
}

const fastFunctions = new WeakMap<QuickJSContext, Map<unknown, HostFunction>>();

/**
 * Makes a native function for the guest whose calls skip quickjs-emscripten's generic dispatch. That dispatch wraps
 * every call in a generator, a disposal scope and a managed lifetime per argument: about 3 µs a call here, against
 * 0.2 µs for the same call made directly, and the guest's `host` function is called once per tool call. The answer's
 * semantics are the generic path's: a returned handle is duplicated for the guest and freed, `{ error }` is thrown in
 * the guest, and an exception of `implementation` becomes a guest Error. Where the library's internals are not as
 * expected, the function is made the generic way and behaves the same, only slower.
 */
export function newHostFunction(module: QuickJSWASMModule, context: QuickJSContext, name: string, implementation: HostFunction): QuickJSHandle {
  const generic = (...args: QuickJSHandle[]) => implementation(args);
  const handle = context.newFunction(name, generic);
  const table = fastTable(module, context);
  table?.set(generic, implementation);
  return handle;
}

/** Whether the context's native functions made by {@link newHostFunction} take the direct path. */
export function hasFastHostCalls(context: QuickJSContext): boolean {
  return fastFunctions.has(context);
}

function fastTable(module: QuickJSWASMModule, context: QuickJSContext): Map<unknown, HostFunction> | undefined {
  const known = fastFunctions.get(context);
  if (known) return known;
  const internals = context as unknown as ContextInternals;
  const callbacks = internals.cToHostCallbacks;
  const genericCall = callbacks?.callFunction;
  const lookUp = internals.getFunction;
  if (!callbacks || typeof genericCall !== "function" || typeof lookUp !== "function") return undefined;
  const ffi = module.getFFI() as unknown as CallFfi;
  const table = new Map<unknown, HostFunction>();
  const answer = (ctx: number, result: HostAnswer): number => {
    if (result === undefined) return 0;
    if (result instanceof Lifetime) {
      const pointer = ffi.QTS_DupValuePointer(ctx, result.value as unknown as number);
      result.dispose();
      return pointer;
    }
    const thrown = ffi.QTS_Throw(ctx, result.error.value as unknown as number);
    result.error.dispose();
    return thrown;
  };
  callbacks.callFunction = (ctx, thisPointer, argc, argv, functionId) => {
    const implementation = table.get(lookUp.call(context, functionId));
    if (!implementation) return genericCall(ctx, thisPointer, argc, argv, functionId);
    const args: QuickJSHandle[] = new Array(argc);
    for (let index = 0; index < argc; index++) {
      // Borrowed, as the generic path's are: no copier, so keeping one past the call needs a dup that throws.
      args[index] = new WeakLifetime(ffi.QTS_ArgvGetJSValueConstPointer(argv, index), undefined, undefined, context.runtime) as QuickJSHandle;
    }
    let result: HostAnswer;
    try {
      result = implementation(args);
    } catch (error) {
      const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
      result = { error: context.newError({ name, message }) };
    }
    try {
      return answer(ctx, result);
    } finally {
      for (const arg of args) arg.dispose();
    }
  };
  fastFunctions.set(context, table);
  return table;
}
