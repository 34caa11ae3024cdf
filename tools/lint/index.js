// typescript-eslint parses with TypeScript's JavaScript API, which TypeScript 7 (the project's `tsc`) no longer has:
// it needs classic TypeScript 6.0 as `typescript`. npm would refuse both under one name at the root, so this local
// package holds typescript-eslint with its own TypeScript 6.0 (tools/lint/node_modules), and eslint.config.js imports
// it from here. The type check stays on TypeScript 7.
export { default } from 'typescript-eslint';
