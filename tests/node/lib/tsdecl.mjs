// A small reader for the hand-written TypeScript declarations in pkg/dana.d.ts, enough to check
// a JavaScript value against them: `export type` aliases and `export interface` bodies whose
// members are `name: T;` or `name?: T;`, with T made of unions, `X[]`, string, number and
// boolean literals, `string`, `number`, `boolean`, `null`, and other declared names; an
// interface may extend interfaces declared before it, whose members it takes. Anything else
// throws, so a declaration this reader does not understand fails the test instead of passing
// it.

export function parseDeclarations(dts) {
  const src = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const types = new Map();
  for (const m of src.matchAll(/export type (\w+) = ([^;]+);/g)) types.set(m[1], { kind: 'alias', type: m[2].trim() });
  for (const m of src.matchAll(/export interface (\w+)(?: extends ([\w, ]+))? \{([^}]*)\}/g)) {
    const bases = (m[2] ?? '').split(',').map((b) => b.trim()).filter(Boolean);
    const fields = new Map(bases.flatMap((b) => [...(types.get(b)?.fields ?? [])]));
    let readable = bases.every((b) => types.get(b)?.kind === 'interface');
    for (const line of m[3].split(';').map((l) => l.trim()).filter(Boolean)) {
      const f = /^(\w+)(\??):\s*(.+)$/.exec(line);
      if (f) fields.set(f[1], { optional: f[2] === '?', type: f[3].trim() });
      else readable = false;
    }
    // wasm-bindgen's own interfaces (InitOutput: `readonly memory: …`) are not ours: left out, so
    // a check that reaches one fails as an unknown type.
    if (readable) types.set(m[1], { kind: 'interface', fields });
  }
  return types;
}

/** Splits a type on top-level `|`. */
function alternatives(type) {
  return type.split('|').map((t) => t.trim()).filter(Boolean);
}

/**
 * Returns a list of problems (empty when `value` matches `type`). `seen` collects the names of
 * the interfaces that were checked against at least one object.
 */
export function check(types, type, value, where = 'value', seen = new Set()) {
  const alts = alternatives(type);
  if (alts.length > 1) {
    const results = alts.map((t) => check(types, t, value, where, new Set()));
    const ok = results.findIndex((r) => r.length === 0);
    if (ok >= 0) {
      check(types, alts[ok], value, where, seen); // record what was seen on the matching branch
      return [];
    }
    return [`${where}: ${short(value)} matches none of ${type}`];
  }
  const t = alts[0];
  if (t.endsWith('[]')) {
    if (!Array.isArray(value)) return [`${where}: expected ${t}, got ${short(value)}`];
    return value.flatMap((v, i) => check(types, t.slice(0, -2), v, `${where}[${i}]`, seen));
  }
  if (t === 'string' || t === 'boolean') return typeof value === t ? [] : [`${where}: expected ${t}, got ${short(value)}`];
  if (t === 'number') return typeof value === 'number' && Number.isFinite(value) ? [] : [`${where}: expected number, got ${short(value)}`];
  if (t === 'null') return value === null ? [] : [`${where}: expected null, got ${short(value)}`];
  if (t === 'true' || t === 'false') return value === (t === 'true') ? [] : [`${where}: expected ${t}, got ${short(value)}`];
  if (/^"[^"]*"$/.test(t)) return value === t.slice(1, -1) ? [] : [`${where}: expected ${t}, got ${short(value)}`];
  if (/^-?\d+(\.\d+)?$/.test(t)) return value === Number(t) ? [] : [`${where}: expected ${t}, got ${short(value)}`];
  const decl = types.get(t);
  if (!decl) throw new Error(`${where}: the declarations use a type this checker does not know: ${t}`);
  if (decl.kind === 'alias') return check(types, decl.type, value, where, seen);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${where}: expected ${t}, got ${short(value)}`];
  seen.add(t);
  const problems = [];
  for (const key of Object.keys(value)) {
    if (!decl.fields.has(key)) problems.push(`${where}.${key}: the object has it, interface ${t} does not declare it`);
  }
  for (const [key, f] of decl.fields) {
    if (!(key in value)) {
      if (!f.optional) problems.push(`${where}.${key}: interface ${t} declares it, the object lacks it`);
      continue;
    }
    problems.push(...check(types, f.type, value[key], `${where}.${key}`, seen));
  }
  return problems;
}

function short(v) {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 60) + '…' : s;
}
