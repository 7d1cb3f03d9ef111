/**
 * `layering/imports`: one rule for every floor, driven by the table in layers.mjs (as vscode's
 * `code-layering`), so a new floor or feature room is a row, not another config block.
 *
 * Relative imports are resolved to repository paths before they are matched, so a rule about a
 * folder holds however many `../` reach it; bare specifiers are matched as package names.
 */
import path from 'node:path';
import { FEATURE_ROOMS, FLOORS } from './layers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXTENSION = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** A glob of the table as a regular expression over a whole path. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `a/**` also matches `a`; `**/b` matches `b` at any depth.
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else if (source.endsWith('/')) {
        source = `${source.slice(0, -1)}(?:/.*)?`;
        i += 1;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const compiled = new Map();
function matches(globs, subject) {
  return (globs ?? []).some((glob) => {
    let re = compiled.get(glob);
    if (!re) compiled.set(glob, (re = globToRegExp(glob)));
    return re.test(subject);
  });
}

/** A file's path from the repository root, without its extension, with forward slashes. */
function repoPath(absolute) {
  return path.relative(ROOT, absolute).split(path.sep).join('/').replace(EXTENSION, '');
}

/** A bare specifier and each of its `/` prefixes: `a/b/c`, `a/b`, `a` (`@scope/a` is one name). */
function packagePrefixes(specifier) {
  const parts = specifier.split('/');
  const least = specifier.startsWith('@') ? 2 : 1;
  const prefixes = [];
  for (let n = parts.length; n >= Math.min(least, parts.length); n--) {
    prefixes.push(parts.slice(0, n).join('/'));
  }
  return prefixes;
}

/** The rows' refusals that apply to one file, each as (target, isType) => message | undefined. */
function checksFor(file, { floors, rooms }) {
  const checks = [];
  for (const row of floors) {
    if (!matches(row.files, file) || matches(row.except, file)) continue;
    for (const entry of row.forbid) {
      checks.push(({ kind, target, isType }) => {
        if (isType && entry.allowTypeImports) return undefined;
        const globs = kind === 'path' ? entry.paths : entry.packages;
        if (matches(entry.allow, target)) return undefined;
        // A package is refused with everything below it: `node:fs/promises` as `node:fs`,
        // `apache-arrow/ipc/reader` as `apache-arrow`.
        const subjects = kind === 'path' ? [target] : packagePrefixes(target);
        if (!subjects.some((subject) => matches(globs, subject))) return undefined;
        return `${entry.message} [layers.mjs: ${row.name}]`;
      });
    }
  }
  for (const row of rooms) {
    const own = row.rooms.find((room) => matches([`${row.root}/${room}/**`], file));
    if (own === undefined) continue;
    const others = row.rooms.filter((room) => room !== own).map((room) => `${row.root}/${room}/**`);
    checks.push(({ kind, target }) =>
      kind === 'path' && matches(others, target)
        ? `${row.message} [layers.mjs: ${row.name}]`
        : undefined,
    );
  }
  return checks;
}

/**
 * Whether an import or export-from brings in types only: `import type` / `export type` as a
 * whole. Under `verbatimModuleSyntax`, `import { type A }` still loads the module.
 */
function typeOnly(node) {
  return node.importKind === 'type' || node.exportKind === 'type';
}

/** The rule over a table; the config uses layers.mjs, the tests a probe table of their own. */
export function layeringRule(table) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Refuse imports that cross a floor or join two feature rooms.' },
      schema: [],
      messages: { refused: '{{message}}' },
    },
    create(context) {
      const file = repoPath(context.filename);
      const checks = checksFor(file, table);
      if (checks.length === 0) return {};
      const dir = path.dirname(context.filename);

      /** The specifier of a string literal, or of a template literal without expressions. */
      function specifierOf(source) {
        if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
        if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) {
          return source.quasis[0]?.value.cooked ?? undefined;
        }
        return undefined;
      }

      function check(node, source, isType) {
        const specifier = specifierOf(source);
        if (specifier === undefined) return;
        const relative = /^\.\.?(?:\/|$)/.test(specifier);
        const subject = relative
          ? { kind: 'path', target: repoPath(path.resolve(dir, specifier)), isType }
          : { kind: 'package', target: specifier, isType };
        for (const refuse of checks) {
          const message = refuse(subject);
          if (message !== undefined) {
            context.report({ node: source, messageId: 'refused', data: { message } });
            return;
          }
        }
      }

      return {
        ImportDeclaration: (node) => check(node, node.source, typeOnly(node)),
        ExportNamedDeclaration: (node) => check(node, node.source, typeOnly(node)),
        ExportAllDeclaration: (node) => check(node, node.source, typeOnly(node)),
        ImportExpression: (node) => check(node, node.source, false),
        CallExpression: (node) => {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
            check(node, node.arguments[0], false);
          }
        },
        TSImportEqualsDeclaration: (node) =>
          check(node, node.moduleReference?.expression, node.importKind === 'type'),
      };
    },
  };
}

export default {
  meta: { name: 'layering' },
  rules: { imports: layeringRule({ floors: FLOORS, rooms: FEATURE_ROOMS }) },
};
