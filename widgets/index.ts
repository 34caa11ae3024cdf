/** The custom widgets, by the names uiSchemas use in ui:widget. */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { TextWidget } from './TextWidget';
import { PhoneWidget } from './PhoneWidget';
import { MdyDateWidget } from './DateWidgets';
import { MemberNumberWidget } from './MemberNumberWidget';
import { SsnWidget } from './SsnWidget';
import { GroupLookupWidget } from './GroupLookupWidget';
import { CaptchaWidget } from './CaptchaWidget';
import { RevealLinkWidget } from './RevealLinkWidget';

export const widgets: RegistryWidgetsType = {
  TextWidget,
  text: TextWidget,
  phone: PhoneWidget,
  mdyDate: MdyDateWidget,
  memberNumber: MemberNumberWidget,
  ssn: SsnWidget,
  groupLookup: GroupLookupWidget,
  captcha: CaptchaWidget,
  revealLink: RevealLinkWidget,
};

export type { WidgetServices, Employer } from './services';
