/**
 * Keeps the bundler's CommonJS-interop helpers that only the lazily loaded device libraries use off the first load
 * (issue 19, decision 0071).
 *
 * Rolldown puts its runtime helpers in one module (`\0rolldown/runtime.js`), so in one chunk that the boot chunk
 * imports: every helper any chunk needs is downloaded on the cold load. The app itself needs three of them
 * (`__toESM`, `__commonJSMin`, `__exportAll`); the signer-device libraries (CommonJS packages that `require()` ES
 * modules, and `typeof require` probes) add four more — `__esmMin`, `__toCommonJS`, `__reExport`, `__require` —
 * ~300 bytes gzip on the first load that only a Ledger/Trezor/WalletConnect/Keystone user runs. Rolldown has no
 * setting to split its runtime module, so this plugin does it after rendering:
 *  - every chunk that imports one of these `INLINED` helpers gets its own copy of it (and of the internals it
 *    uses, under names of its own) instead of importing it — they are pure functions with no shared state, so a
 *    copy per chunk behaves the same;
 *  - the runtime chunk drops them, and the internals nothing left uses.
 * If a first-load chunk ever imports one of them, it gets its copy too (correct, and visible in the boot figure).
 * The copies' text is checked against the runtime chunk's own definitions: a Rolldown that changes a helper fails
 * the build instead of running a stale copy.
 */
import { parseAst } from 'rolldown/parseAst';

/** The helpers copied into the chunks that use them, as Rolldown 1.2's runtime defines them (checked each build). */
const INLINED: Record<string, string> = {
  __esmMin: `(fn, res, err) => () => {
	if (err) throw err[0];
	try {
		return fn && (res = fn(fn = 0)), res;
	} catch (e) {
		throw err = [e], e;
	}
}`,
  __reExport: `(target, mod, secondTarget) => (__copyProps(target, mod, "default"), secondTarget && __copyProps(secondTarget, mod, "default"))`,
  __toCommonJS: `(mod) => __hasOwnProp.call(mod, "module.exports") ? mod["module.exports"] : __copyProps(__defProp({}, "__esModule", { value: true }), mod)`,
  __require: `((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, { get: (a, b) => (typeof require !== "undefined" ? require : a)[b] }) : x)(function(x) {
	if (typeof require !== "undefined") return require.apply(this, arguments);
	throw Error("Calling \`require\` for \\"" + x + "\\" in an environment that doesn't expose the \`require\` function. See https://rolldown.rs/in-depth/bundling-cjs#require-external-modules for more details.");
})`,
};

/** The runtime's internals the inlined helpers use, in an order where each is defined before it is used. */
const INTERNALS: [string, string][] = [
  ['__defProp', 'Object.defineProperty'],
  ['__getOwnPropDesc', 'Object.getOwnPropertyDescriptor'],
  ['__getOwnPropNames', 'Object.getOwnPropertyNames'],
  ['__hasOwnProp', 'Object.prototype.hasOwnProperty'],
  [
    '__copyProps',
    `(to, from, except, desc) => {
	if (from && typeof from === "object" || typeof from === "function") {
		for (var keys = __getOwnPropNames(from), i = 0, n = keys.length, key; i < n; i++) {
			key = keys[i];
			if (!__hasOwnProp.call(to, key) && key !== except) {
				__defProp(to, key, {
					get: ((k) => from[k]).bind(null, key),
					enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable
				});
			}
		}
	}
	return to;
}`,
  ],
];

const RUNTIME_ID = '\0rolldown/runtime.js';
/** The prefix of a chunk's own copies of the runtime's internals (never a name Rolldown or our code emits). */
const OWN = '__lazyRuntime$';

interface Chunk {
  fileName: string;
  moduleIds: readonly string[];
}
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Declarator extends Node {
  id: { name: string };
  init: Node | null;
}
interface Specifier extends Node {
  local: { name: string };
  imported?: { name: string };
  exported?: { name: string };
}

const uses = (code: string, name: string) => new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}([^\\w$]|$)`).test(code);

/** Replaces ranges of `code` (non-overlapping) with new text. */
function splice(code: string, edits: { start: number; end: number; text: string }[]): string {
  let out = code;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The runtime chunk without the inlined helpers (and the internals only they used); checks their definitions. */
function trimRuntime(code: string): string {
  const program = parseAst(code) as unknown as { body: Node[] };
  const edits: { start: number; end: number; text: string }[] = [];
  const removed = new Set<string>();
  for (const stmt of program.body) {
    if (stmt.type !== 'VariableDeclaration') continue;
    const decl = (stmt.declarations as Declarator[])[0]!;
    const name = decl.id.name;
    if (!(name in INLINED)) continue;
    const text = code.slice(decl.init!.start, decl.init!.end);
    if (text !== INLINED[name]) {
      throw new Error(`lazyRuntimeHelpers: Rolldown's ${name} is not the copy this plugin inlines; update INLINED in scripts/lib/lazyRuntimeHelpers.ts:\n${text}`);
    }
    edits.push({ start: stmt.start, end: stmt.end, text: '' });
    removed.add(name);
  }
  for (const stmt of program.body) {
    if (stmt.type !== 'ExportNamedDeclaration') continue;
    const kept = (stmt.specifiers as Specifier[]).filter((s) => !removed.has(s.local.name));
    edits.push({ start: stmt.start, end: stmt.end, text: `export { ${kept.map((s) => `${s.local.name} as ${s.exported!.name}`).join(', ')} };` });
  }
  let out = splice(code, edits);
  // Internals that only the removed helpers used (the minifier keeps `var x = Object.y` even when unused).
  for (const [name] of [...INTERNALS].reverse()) {
    const decl = new RegExp(`^var ${name.replace(/\$/g, '\\$')} = [^\\n]*;\\n`, 'm');
    const rest = out.replace(decl, '');
    if (rest !== out && !uses(rest, name)) out = rest;
  }
  return out;
}

/** A chunk's own copies of the inlined helpers it imports from the runtime chunk, instead of the import. */
function inlineInto(code: string, runtimeFile: string): string | null {
  const base = runtimeFile.slice(runtimeFile.lastIndexOf('/') + 1);
  if (!code.includes(base)) return null;
  const program = parseAst(code) as unknown as { body: Node[] };
  const stmt = program.body.find((s) => s.type === 'ImportDeclaration' && String((s.source as { value: string }).value).endsWith(`/${base}`));
  if (!stmt) return null;
  const specifiers = stmt.specifiers as Specifier[];
  const inlined = specifiers.filter((s) => s.imported !== undefined && INLINED[s.local.name.replace(/\$\d+$/, '')] !== undefined);
  if (inlined.length === 0) return null;
  for (const [name] of INTERNALS) {
    if (uses(code, OWN + name.slice(2))) throw new Error(`lazyRuntimeHelpers: ${OWN}${name.slice(2)} is already used in a chunk`);
  }
  const own = (text: string) => INTERNALS.reduce((t, [name]) => t.replace(new RegExp(`(^|[^\\w$])${name}(?![\\w$])`, 'g'), (_, before: string) => before + OWN + name.slice(2)), text);
  const definitions = inlined.map((s) => `var ${s.local.name} = ${own(INLINED[s.local.name.replace(/\$\d+$/, '')]!)};`);
  // The internals the definitions use, and those these use in turn (__copyProps uses the others).
  const needed = new Set<string>();
  let text = definitions.join('\n');
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, init] of INTERNALS) {
      if (needed.has(name) || !uses(text, OWN + name.slice(2))) continue;
      needed.add(name);
      text += `\n${own(init)}`;
      grew = true;
    }
  }
  const internals = INTERNALS.filter(([name]) => needed.has(name)).map(([name, init]) => `var ${OWN}${name.slice(2)} = ${own(init)};`);
  const kept = specifiers.filter((s) => !inlined.includes(s));
  const source = code.slice((stmt.source as Node).start, (stmt.source as Node).end);
  const importText = kept.length ? `import { ${kept.map((s) => `${s.imported!.name} as ${s.local.name}`).join(', ')} } from ${source};` : '';
  return splice(code, [{ start: stmt.start, end: stmt.end, text: [importText, ...internals, ...definitions].filter(Boolean).join('\n') }]);
}

export function lazyRuntimeHelpers() {
  return {
    name: 'countersign:lazy-runtime-helpers',
    apply: 'build' as const,
    renderChunk(code: string, chunk: Chunk, _options: unknown, meta: { chunks: Record<string, Chunk> }) {
      if (chunk.moduleIds.includes(RUNTIME_ID)) return { code: trimRuntime(code), map: null };
      const runtime = Object.values(meta.chunks).find((c) => c.moduleIds.includes(RUNTIME_ID));
      if (!runtime) return null;
      const out = inlineInto(code, runtime.fileName);
      return out === null ? null : { code: out, map: null };
    },
  };
}
