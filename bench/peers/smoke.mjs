const name = process.argv[2];
const adapter = await import(`./adapters/${name}.mjs`);
const peer = await adapter.createPeer();
for (const code of ["return 1;", "return await echo(7);", "const r = await Promise.all([sleep(1, 5), sleep(2, 5)]); return r[0] + r[1];"]) {
  try { console.log(name, JSON.stringify(await peer.run(`${peer.prelude}\n${code}`))); } catch (e) { console.log(name, "ERR", e.message); }
}
await peer.close();
process.exit(0);
