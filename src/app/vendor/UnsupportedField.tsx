/** Build-time stand-in for RJSF's array and layout-grid fields, which our forms never use (the build refuses a
 *  step schema with an array: scripts/compile-validators.ts). Keeps ~5 KB of gzip out of step 1. */
export default function UnsupportedField() {
  return <p role="alert">This field type is not supported by the enrollment form.</p>;
}
