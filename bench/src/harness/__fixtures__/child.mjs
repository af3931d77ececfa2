// A child for run-child.test.ts: `ok` prints JSON, `fail` exits 1, `hang` prints JSON then never exits, `silent`
// never answers at all.
const mode = process.argv[2];
process.stdout.write("noise from a library\n");
if (mode === "silent") setInterval(() => {}, 1000);
if (mode === "fail") {
  process.stderr.write("it broke\n");
  process.exit(1);
}
if (mode !== "silent") process.stdout.write(`${JSON.stringify({ mode })}\n`);
if (mode === "hang") setInterval(() => {}, 1000);
