-- OpenID Connect sign-in (spec 2.2, 7 GET sessions/msal/signin): an authorization request between
-- GET sessions/msal/signin and the provider's answer at the callback. Single use, 10 minutes.

CREATE TABLE oidc_sign_ins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the secret of the short-lived cookie that binds the request to the browser.
  binding_hash text NOT NULL UNIQUE,
  -- The client's state (a uuid and the window origin, base64 JSON), sent to the provider as is.
  state text NOT NULL,
  -- The window origin inside the state: the callback page posts its result there only.
  origin text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX oidc_sign_ins_expires ON oidc_sign_ins (expires_at);
