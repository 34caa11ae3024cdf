/** Ajv's string length in code points (ajv/dist/runtime/ucs2length.js) as an ES module: the precompiled validators
 *  import it, and the CommonJS original would bring the bundler's CommonJS runtime into a chunk of its own. */
const ucs2length = (value: string): number => [...value].length;
export default ucs2length;
