/**
 * Stryker ignore-plugin for `npm run mutation`: a string that is only a description is not
 * mutated. That is the value of a `description` property (a state's, a transition's, a
 * machine's: what the charts and the flow viewer print) and nothing else; every other string
 * literal of a machine (event types, targets, routes, error codes, analytics names) is mutated.
 * A state or transition whose config is only `{ description }` is not emptied either (that
 * would only drop the description).
 * The machines keep no text in `meta` (only `route`, which is behaviour), so no meta key is ignored.
 */
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

/** @param {import('@babel/types').Node} key */
const isDescriptionKey = (key) =>
  (key.type === 'Identifier' && /^(description|[a-z]+Description)$/.test(key.name)) ||
  (key.type === 'StringLiteral' && key.value === 'description');

class DescriptionIgnorer {
  /** @param {import('@babel/core').NodePath} path */
  shouldIgnore(path) {
    const parent = path.parentPath;
    if (
      parent?.isObjectProperty() &&
      path.key === 'value' &&
      !parent.node.computed &&
      isDescriptionKey(parent.node.key) &&
      (path.isStringLiteral() || path.isTemplateLiteral() || path.isBinaryExpression({ operator: '+' }))
    ) {
      return 'A description string: text for the charts, not behaviour.';
    }
    // A state or transition config that holds nothing but its description: emptying it only
    // drops the description.
    if (
      path.isObjectExpression() &&
      path.node.properties.length > 0 &&
      path.node.properties.every((p) => p.type === 'ObjectProperty' && !p.computed && isDescriptionKey(p.key))
    ) {
      return 'An object that holds only a description.';
    }
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, 'description', DescriptionIgnorer)];
