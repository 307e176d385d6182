// The web app's layers as an ESLint rule (docs/decisions/034-web-layers.md):
//   app/       the shell: entry, routes, page frame. May use every feature and shared/.
//   features/  one folder per feature. Another feature is used only through its public face,
//              features/<name>/index.ts; app/ is never imported.
//   shared/    what every layer uses. Imports no feature and nothing of app/ (its tests may use a
//              feature's public face to set a scene).
// Only app/ may load another feature's page module with import(): that is where pages become chunks.
// And a feature does not read failures itself: it asks shared/api/failures.ts what one means, so
// the classes that tell failures apart are the request layer's (a feature may still make a
// cancellation, and its tests may make any failure).
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Where a file stands: its layer and, in features/, its feature's name. */
function place(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return { layer: 'outside' };
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1], rest: parts.slice(2) };
  return { layer: parts[0] };
}

const isTest = (file) => /\.test\.[jt]sx?$/.test(file);

const ERRORS_MODULE = resolve(SRC, 'shared/api/errors');
/** The failure classes only the request layer tells apart. */
const FAILURE_CLASSES = new Set(['ApiError', 'RequestError', 'NetworkError', 'TimeoutError']);

/** True when `rest` (the path inside a feature folder) names its public face. */
const isPublicFace = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the web layers: app → features → shared; features meet through index.ts.' },
    messages: {
      sharedUp: 'shared/ imports no feature and nothing of app/: move what both need into shared/.',
      featureToApp: 'A feature does not import app/: what it needs from there belongs in shared/.',
      internals:
        "Use the feature '{{feature}}' through its public face ('…/features/{{feature}}'), not its file '{{file}}'.",
      failureClass:
        "A feature does not test '{{name}}' itself: ask shared/api/failures.ts what a failure means.",
    },
    schema: [],
  },
  create(context) {
    const importer = place(context.filename);
    if (importer.layer === 'outside') return {};

    /** The layer rules for an import of `target` (dynamic: an import() expression). */
    function checkLayers(node, target, dynamic) {
      if (importer.layer === 'shared') {
        if (!isTest(context.filename) && (target.layer === 'features' || target.layer === 'app'))
          context.report({ node, messageId: 'sharedUp' });
        if (!isTest(context.filename)) return;
      }
      if (importer.layer === 'features' && target.layer === 'app') {
        context.report({ node, messageId: 'featureToApp' });
        return;
      }
      if (target.layer !== 'features' || target.feature === importer.feature) return;
      if (isPublicFace(target.rest) || (dynamic && importer.layer === 'app')) return;
      context.report({
        node,
        messageId: 'internals',
        data: { feature: target.feature, file: target.rest.join('/') },
      });
    }

    /** A feature's own code names none of the classes that tell failures apart. */
    function checkFailureClasses(node, targetFile) {
      if (importer.layer !== 'features' || isTest(context.filename)) return;
      if (targetFile.replace(/\.ts$/, '') !== ERRORS_MODULE) return;
      for (const spec of node.specifiers ?? []) {
        const name = spec.imported?.name ?? spec.local?.name;
        if (FAILURE_CLASSES.has(name))
          context.report({ node: spec, messageId: 'failureClass', data: { name } });
      }
    }

    function check(node, dynamic) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const targetFile = resolve(dirname(context.filename), source.value.split('?')[0]);
      checkLayers(node, place(targetFile), dynamic);
      checkFailureClasses(node, targetFile);
    }

    return {
      ImportDeclaration: (node) => check(node, false),
      ExportNamedDeclaration: (node) => check(node, false),
      ExportAllDeclaration: (node) => check(node, false),
      ImportExpression: (node) => check(node, true),
    };
  },
};

export default { rules: { imports: importsRule } };
