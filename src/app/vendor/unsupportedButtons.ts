/** Build-time stand-in for RJSF's icon buttons, which only parts of RJSF our forms never reach draw
 *  (scripts/rjsf-unused.ts). */
import Unsupported from './Unsupported';

export { Unsupported as ClearButton, Unsupported as CopyButton, Unsupported as MoveDownButton, Unsupported as MoveUpButton, Unsupported as RemoveButton };
