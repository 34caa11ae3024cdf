/** What the app provides to widgets (through the engine's formContext.services). */
import { useContext } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { FormContextReact, idToPath, type EngineFormContext } from '../src/engine/formContext';

export interface Employer {
  name: string;
  employerStatus: string;
}

/** A server check answered, and refused the value: its message is shown at the field, and the check is not pending
 *  (Next is usable, and shows it). */
export class CheckRefused extends Error {}

export interface WidgetServices {
  /** true when no account holds this SSN. Throws CheckRefused when the server refuses the value (its message is
   *  for the applicant); any other throw means no answer (network, 5xx, 429). */
  verifySsn: (ssn: string) => Promise<boolean>;
  /** Throws the server's not-found message on 404, Error('Network error') on any other failure. */
  lookupEmployer: (id: string) => Promise<Employer>;
  /** Puts the site in its network-error state. */
  reportError: (message: string) => void;
  /** Calls the listener when the applicant asks to try again after a network error; returns an unsubscribe. */
  onRetry?: (listener: () => void) => () => void;
  /** Captcha: where the widget fetches its challenge, and the server check of a solution. */
  captchaChallengeUrl: string;
  submitCaptcha: (payload: string) => Promise<boolean>;
  /** The variant's keyed messages (schemas/messages.json). */
  messages: Record<string, string>;
}

/** The engine's context, services and messages of a widget. The context comes from the step's React context, which
 *  the step renews with new services, rather than from RJSF's registry: RJSF keeps its registry while only functions
 *  in it change (its deepEquals counts any two functions equal), so new services would never reach the widget. */
export function useWidgetContext(props: WidgetProps) {
  const ctx = useContext(FormContextReact) ?? (props.registry.formContext as EngineFormContext);
  const messages = (props.options.messages ?? {}) as Record<string, string>;
  return { ctx, services: ctx.services as unknown as WidgetServices, path: idToPath(props.id), messages };
}
