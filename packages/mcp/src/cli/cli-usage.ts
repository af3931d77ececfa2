/** The `codemode --help` text. */
export const CLI_USAGE = `codemode: a code-mode MCP gateway (search + execute over your MCP servers)

Usage:
  codemode serve --config FILE [--transport stdio|http] [--host H] [--port N] [--grace-ms N]
                 [--log-level debug|info|warn|error] [--console]
  codemode exec SCRIPT [--config FILE] [--workspace DIR] [-- ARGS...]
  codemode check SCRIPT [--config FILE]
  codemode search QUERY --config FILE [--server ID] [--limit N] [--detail brief|full]
  codemode types --config FILE
  codemode login SERVER --config FILE [--no-browser]
  codemode logout SERVER
  codemode import FILE

Commands:
  serve    Serve the gateway's execute and search tools (stdio by default; http on H:N/mcp,
           default 127.0.0.1:8787, with the config's auth and quotas). A host other than
           loopback needs "auth" and "http": { "publicUrl" } in the config.
  exec     Run one script (a .js/.ts file, or - for stdin) against the config's servers and print
           the execution result as JSON; ARGS reach the script as the global \`args\`.
           Exits 0 when the script completed, 1 when it failed.
  check    Check a script (a .js/.ts file, or - for stdin) against the declarations of the config's
           tools without running it: prints each fault as SCRIPT:LINE:COLUMN: CODE: MESSAGE.
           Exits 0 when it has none, 1 when it has faults (exec and the gateway refuse such a script).
  search   Print the tools that match QUERY, as JSON.
  types    Print the TypeScript declarations of every tool.
  login    Authorize the gateway at an OAuth upstream (a server entry with "oauth"): prints the
           authorization URL on a line of its own, opens a browser unless --no-browser, receives
           the code on a loopback redirect and stores the tokens in CODEMODE_AUTH_DIR
           (default ~/.codemode/auth).
  logout   Remove the stored tokens of SERVER.
  import   Print a gateway config (JSON) made from the MCP servers of a Claude Desktop, Claude Code,
           Cursor or VS Code config file; what it leaves out or rewrites is noted on stderr.

Options:
  -c, --config FILE   The gateway config (JSON, the mcpServers format plus limits/tools/auth/approvals).
  --workspace DIR     exec only: the script gets a \`files\` global to read and write files inside DIR
                      (relative paths only; nothing outside DIR is reachable).
  --grace-ms N        serve only: on SIGTERM or SIGINT, running executions get N ms to finish before
                      they are cancelled (default: the config's shutdown.graceMs, else 10000).
  --log-level L       serve only: the least level logged (default info). Logs are JSON lines on
                      stderr, or text when stderr is a terminal.
  --console           serve --transport http only: serve the web console on /console/ (upstreams,
                      catalog, playground, runs, approvals, sessions), for the tokens the gateway takes.
  -h, --help          Show this help.
  -V, --version       Print the version.

Upstreams start when a command first needs them, with progress on stderr. Each one's tool list is kept
in a cache folder (CODEMODE_CACHE_DIR, default ~/.cache/codemode on Linux), so search, types and check
answer from it without starting anything, and exec starts only the upstreams its script calls.

Exit codes: 0 success, 1 the script failed (or check found faults), 2 bad usage, bad config, or
(search, types, check) no upstream whose tools could be listed (one that cannot start while others can
is named on stderr).`;
