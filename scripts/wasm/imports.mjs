// Checks a built portal.wasm (scripts/build-wasm): every function of the export list is exported,
// and the imports are only those the JavaScript host provides (Web/portal.js); prints them.
//   node scripts/wasm/imports.mjs portal.wasm exports.txt
import { readFileSync } from 'node:fs';
const mod = await WebAssembly.compile(readFileSync(process.argv[2]));
const exported = new Set(WebAssembly.Module.exports(mod).map(e => e.name));
const missing = readFileSync(process.argv[3], 'utf8').split('\n').filter(n => n && !exported.has(n));
if (missing.length) { console.error('error: not exported: ' + missing.join(' ')); process.exit(1); }
const provided = new Set(['portal_host.write_file', 'portal_host.file_length', 'portal_host.read_file',
  'wasi_snapshot_preview1.fd_write', 'wasi_snapshot_preview1.fd_seek', 'wasi_snapshot_preview1.fd_close']);
const imports = WebAssembly.Module.imports(mod).map(i => i.module + '.' + i.name);
const unknown = imports.filter(i => !provided.has(i));
console.log('imports: ' + (imports.join(' ') || 'none'));
if (unknown.length) { console.error('error: imports the JavaScript host does not provide: ' + unknown.join(' ')); process.exit(1); }
