// Runs the wasm digest check under Node: any import the module makes (WASI) throws if called.
import { readFileSync } from 'node:fs';
const bytes = readFileSync(process.argv[2]);
const mod = await WebAssembly.compile(bytes);
const imports = {};
for (const imp of WebAssembly.Module.imports(mod)) {
  imports[imp.module] ??= {};
  imports[imp.module][imp.name] = () => { throw new Error('unexpected import ' + imp.module + '.' + imp.name); };
}
console.error('imports:', WebAssembly.Module.imports(mod).map(i => i.module + '.' + i.name).join(' ') || 'none');
const inst = await WebAssembly.instantiate(mod, imports);
console.log(BigInt.asUintN(64, inst.exports.portal_check_digest()).toString(16));
