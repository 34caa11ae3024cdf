/** Build-time stand-in for the parts of RJSF our forms never reach (scripts/rjsf-unused.ts lists them with the
 *  reason; the build refuses a step that would reach one). Drawn only if that promise broke. */
export default function Unsupported() {
  return <p role="alert">This field type is not supported by the enrollment form.</p>;
}
