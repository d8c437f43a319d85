/**
 * Account shapes of docs/product/spec.md#s3/#s7 come from the accounts contracts; the web names the
 * signed-in member `SessionUser`.
 */
export type {
  AuthResponse,
  CancelDiscontinueResponse,
  DiscontinueResponse,
  PrioritiesResponse,
  PrioritiesSaved,
  PriorityValues,
  Settings,
  SettingsBody,
  SettingsSaved,
  SignupBody,
  Theme,
  User as SessionUser,
} from '@upright/contracts';

/** `POST /api/message` without the captcha payload (added by the call). */
export interface ContactForm {
  name: string;
  email: string;
  message: string;
  report_title: string | null;
}
