#!/usr/bin/env node
// The `maturity` command. The source is TypeScript run by Node's type
// stripping, so it needs Node 22.18 or newer: the project pins Node 24 through
// the `node` package, which npm and npx put first on the PATH.
import module from 'node:module';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`maturity needs Node 22.18 or newer (this is ${process.version}); run it through npx or npm.\n`);
  process.exit(1);
}
// Compiled (and type-stripped) modules are kept on disk between runs: Node's
// compile cache, in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();
await import('../src/cli.ts');
