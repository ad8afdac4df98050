// npm run format writes it, npm test checks it. Chosen to match the code as it was written: 160 columns and single
// quotes; the rest is Prettier's defaults (trailing commas, parentheses around arrow parameters, spaces in braces),
// which the code already followed. docs/DECISIONS.md, "Prettier and a small typescript-eslint rule set".
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
  // The html`...` templates are markup that htm reads as it is: reflowing them would change the pages' text nodes.
  embeddedLanguageFormatting: 'off',
};
