/**
 * The browser build's TypeBox imports (webpack.config.ts, production client build): `Type.Object(…)` becomes the
 * package's own `Object` export, so webpack keeps only the builders the pages' schemas use. TypeBox's `Type` is its
 * whole builder namespace held in a constant, which a bundler cannot see through: one `Type.String()` on a page
 * brought every builder and the type checks behind them (about 180 KB before minification). `Type` stays imported
 * where a module uses it otherwise than as `Type.name`.
 */
const PACKAGE = '@sinclair/typebox';

module.exports = function typeboxBuilders({ types: t }) {
  return {
    name: 'typebox-builders',
    visitor: {
      Program(program) {
        for (const statement of program.get('body')) {
          if (!statement.isImportDeclaration() || statement.node.source.value !== PACKAGE) continue;
          if (statement.node.importKind === 'type') continue;
          for (const specifier of statement.get('specifiers')) {
            if (!specifier.isImportSpecifier() || specifier.node.importKind === 'type') continue;
            const imported = specifier.node.imported;
            if ((imported.name ?? imported.value) !== 'Type') continue;
            const binding = program.scope.getBinding(specifier.node.local.name);
            if (!binding) continue;
            const builders = new Map();
            let otherUse = false;
            for (const ref of binding.referencePaths) {
              const member = ref.parentPath;
              const named =
                member?.isMemberExpression() &&
                member.node.object === ref.node &&
                !member.node.computed &&
                t.isIdentifier(member.node.property);
              if (!named) {
                otherUse = true;
                continue;
              }
              const name = member.node.property.name;
              if (!builders.has(name)) builders.set(name, program.scope.generateUidIdentifier(name));
              member.replaceWith(t.cloneNode(builders.get(name)));
            }
            for (const [name, local] of builders)
              statement.pushContainer('specifiers', t.importSpecifier(local, t.identifier(name)));
            if (!otherUse) specifier.remove();
            // The new imports are bindings the TypeScript preset must see referenced, or it elides them as types.
            if (builders.size) program.scope.crawl();
          }
        }
      },
    },
  };
};
