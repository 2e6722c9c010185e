// Runs the wasm digest check under Node: any import the module makes (WASI) throws if called.
// With trace files after the module, prints "NAME DIGEST" for each (the trace replayed).
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
const files = process.argv.slice(3);
if (files.length === 0) {
  console.log(BigInt.asUintN(64, inst.exports.portal_check_digest()).toString(16));
}
for (const file of files) {
  const text = readFileSync(file);
  const at = inst.exports.portal_check_alloc(text.length);
  new Uint8Array(inst.exports.memory.buffer, at, text.length).set(text);
  const digest = BigInt.asUintN(64, inst.exports.portal_check_trace_digest(at, text.length));
  console.log(file.split('/').pop() + ' ' + digest.toString(16));
}
