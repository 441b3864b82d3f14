/**
 * esbuild plugin of the browser build: drops the `description` texts of the machines' states and
 * transitions (machines/*.ts). They are written for designers and testers, who read them in the
 * generated charts (statecharts/, the flow viewer's SVGs); nothing in the app reads them at run
 * time, so a visitor should not download them (issue 24: the home page carried about 4 KB of
 * them in the cart and app machines).
 *
 * Only a property named `description` whose value is a constant text (a string, a template
 * without placeholders, or such texts joined with `+`) is removed, parsed with TypeScript's own
 * parser, never by pattern. Tests and the chart generator read the machines from source, unchanged.
 */
import fs from 'node:fs';
import ts from 'typescript';

/** Whether `node` is a text fixed at build time. */
function isConstantText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isParenthesizedExpression(node)) return isConstantText(node.expression);
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && isConstantText(node.left) && isConstantText(node.right);
}

/** `source` without its constant `description` properties (and their commas). */
export function stripDescriptions(source, fileName = 'machine.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'description' &&
      isConstantText(node.initializer)
    ) {
      let end = node.getEnd();
      const rest = source.slice(end);
      const comma = /^\s*,/.exec(rest);
      if (comma) end += comma[0].length;
      cuts.push([node.getStart(file), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + out.slice(end);
  return { code: out, removed: cuts.length };
}

/** The plugin: every TypeScript module under `machinesDir`. */
export default function stripDescriptionsPlugin(machinesDir) {
  const escaped = machinesDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    name: 'strip-machine-descriptions',
    setup(build) {
      build.onLoad({ filter: new RegExp(`^${escaped}[\\\\/][^\\\\/]+\\.ts$`) }, async (args) => {
        const source = await fs.promises.readFile(args.path, 'utf8');
        return { contents: stripDescriptions(source, args.path).code, loader: 'ts' };
      });
    },
  };
}
