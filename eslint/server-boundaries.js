// The server's import boundaries as one ESLint rule (docs/architecture.md, decision 005):
// - a feature reads another feature's data through that feature's service, never its repository or
//   schema (schemas may still name each other's tables for foreign keys);
// - the platform knows no feature (the database schema and the job registry are composed at the
//   app root);
// - neither features nor the platform import the composition roots (app.ts and its companions).
// Imports are resolved against the importing file, so sub-folders of a feature stay one feature.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
/** The app root's files that wire everything: nothing below them may import them. */
const ROOTS = new Set(['app', 'boot', 'main', 'worker', 'worker-main', 'db-schema', 'jobs']);

/** Where a path under apps/server/src lies: its layer, its feature (if any), and its base name. */
function place(file) {
  const at = file.lastIndexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  const base = parts.at(-1).replace(/\.[cm]?[jt]sx?$/, '');
  if (parts[0] === 'features' && parts.length > 2) return { layer: 'feature', feature: parts[1], base };
  if (parts[0] === 'platform') return { layer: 'platform', base };
  if (parts.length === 1) return { layer: 'root', base };
  return { layer: 'other', base };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the server layers and features apart' },
    schema: [],
    messages: {
      foreignData:
        "A feature reads another feature's data through that feature's service, not its repo or schema ({{target}}).",
      platformFeature: 'The platform imports no feature ({{target}}): compose it at the app root.',
      compositionRoot: 'Only the app root imports {{target}}: pass what you need in at construction.',
    },
  },
  create(context) {
    const from = place(context.filename);
    if (!from || from.layer === 'root' || from.layer === 'other') return {};
    // Tests and their kits drive the composed app: they may build it and reach into the platform.
    const isTest = /\.test(-[a-z]+)?$/.test(from.base);
    const isSchema = from.base.endsWith('.schema');

    function check(source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(context.filename), source.value));
      if (!to) return;
      const target = source.value;
      if (to.layer === 'root' && ROOTS.has(to.base) && !isTest) {
        context.report({ node: source, messageId: 'compositionRoot', data: { target } });
      } else if (from.layer === 'platform' && to.layer === 'feature' && !isTest) {
        context.report({ node: source, messageId: 'platformFeature', data: { target } });
      } else if (
        from.layer === 'feature' &&
        to.layer === 'feature' &&
        to.feature !== from.feature &&
        !isSchema &&
        /\.(repo|schema)$/.test(to.base)
      ) {
        context.report({ node: source, messageId: 'foreignData', data: { target } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { layers: rule } };
