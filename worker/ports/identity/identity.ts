/** Who the identity provider says is signing in. */
export type VerifiedIdentity = {
  /** The provider's issuer URL, or "offline" for the local sign-in form. */
  issuer: string;
  subject: string;
  /** Lower case. */
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** What a started sign-in must remember until the provider sends the browser back. */
export type PendingSignIn = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
};

/** A standard OpenID Connect provider: authorization code flow with PKCE. */
export interface OidcIdentityPort {
  readonly kind: "oidc";
  readonly issuer: string;
  /** The provider's authorization URL for this pending sign-in. */
  authorizationUrl(pending: PendingSignIn, redirectUri: string): Promise<string>;
  /** Checks the callback against the pending sign-in, redeems the code and verifies the ID token. */
  complete(callback: URLSearchParams, pending: PendingSignIn, redirectUri: string): Promise<VerifiedIdentity>;
}

/** The local sign-in form: whoever types an email is that member. Never available in production. */
export interface OfflineIdentityPort {
  readonly kind: "offline";
  identify(form: { email: string; firstName: string; lastName: string }): VerifiedIdentity;
}

export type IdentityPort = OidcIdentityPort | OfflineIdentityPort;

export type IdentityFailure =
  | "unavailable"
  | "provider-error"
  | "state"
  | "token-exchange"
  | "id-token"
  | "nonce"
  | "email"
  | "unreachable"
  | "disabled"
  | "email-taken";

/** A sign-in that must not go ahead. `message` is safe to show to the person signing in. */
export class IdentityError extends Error {
  readonly reason: IdentityFailure;
  /** What went wrong in detail, for the logs only. */
  readonly detail: string | undefined;
  constructor(reason: IdentityFailure, message: string, detail?: string) {
    super(message);
    this.name = "IdentityError";
    this.reason = reason;
    this.detail = detail;
  }
}
