// Imports the built core (argv[2]: its dist/index.js), makes an in-process code mode and runs `return 1`, then prints
// the Node.js internal modules that loaded meanwhile and the run's result, as JSON. Plain JavaScript run by plain
// `node`: a loader such as tsx would load those built-ins itself before the core is imported.
/** Node's undocumented list of the modules it has loaded, internal ones named "NativeModule ...". */
const moduleLoadList = () => /** @type {{ moduleLoadList: string[] }} */ (/** @type {unknown} */ (process)).moduleLoadList;

const before = new Set(moduleLoadList());
const { createCodeMode } = await import(process.argv[2] ?? "");
const codeMode = createCodeMode({ engine: "in-process", check: "off" });
const result = await codeMode.execute("return 1;");
await codeMode.close();
const loaded = moduleLoadList().filter((entry) => !before.has(entry) && entry.startsWith("NativeModule "));
process.stdout.write(JSON.stringify({ result: result.result, loaded: loaded.map((entry) => entry.slice("NativeModule ".length)) }));
