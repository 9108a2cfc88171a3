// Users and the payloads of the account flows (spec 3, 7).

export interface User {
  id: string;
  login_id: string;
  name: string;
  roles: string[];
  inactive: boolean;
}

export interface LoginPayload {
  username: string;
  password: string;
}

export interface ChangePasswordPayload {
  password: string;
  new_password: string;
}

export interface OtpResetPayload {
  code: string;
  new_password: string;
}

export interface ForgotPasswordPayload {
  username: string;
}

/** Activation, administrative reset and invitation completion all set a new password. */
export interface NewPasswordPayload {
  new_password: string;
}

/** PATCH users/invitation/{token} with a code: the one-time code mailed to the invited address and the password. */
export interface InvitationCompletion extends NewPasswordPayload {
  code: string;
}

export interface MfaSetup {
  /** Image data of the QR code (data URL). */
  qrcode: string;
  secret: string;
}

export interface MfaRecoveryCodes {
  recovery_codes: string[];
}

export interface InvitationLookup {
  email: string;
}

export interface Workgroup {
  id: string;
  name: string;
  members?: string[];
}
