/** Node.js options for the test workers. Node 24's V8 can abort a process ('Check failed: jit_page…') when PGlite
 *  compiles its WebAssembly on a loaded machine (nodejs/node#64500, seen in CI in a browser-test worker); without
 *  memory protection keys it does not. Node 24 takes the option (not in NODE_OPTIONS); older Node refuses it. */
export const workerExecArgv = Number(process.versions.node.split('.')[0]) >= 24 ? ['--no-memory-protection-keys'] : [];
