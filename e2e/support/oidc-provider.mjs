// A local OpenID Connect provider for the third-party sign-in e2e test (issue 3, item 10).
// Usage: node e2e/support/oidc-provider.mjs [port]   (default 8199; Playwright starts it as a web server)
// Its devInteractions pages sign in any login name `x` (any password) as a person whose email is
// `x@example.com`; the portal then signs in the ACTIVE user with that email.
import Provider from 'oidc-provider';

const port = Number(process.argv[2] ?? 8199);
const issuer = `http://127.0.0.1:${port}`;
// The portal it sends people back to: the suite's (E2E_PORT, as support/portal.ts reads it).
const portalPort = Number(process.env.E2E_PORT ?? 8181);

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'portal-e2e',
      client_secret: 'portal-e2e-secret',
      redirect_uris: [`http://127.0.0.1:${portalPort}/api/sessions/msal/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // How openid-client sends a client secret.
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  // Entra ID puts the email claims into the id token; so does this provider.
  conformIdTokenClaims: false,
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, email: `${id}@example.com`, email_verified: true, name: id, preferred_username: `${id}@example.com` };
      },
    };
  },
});

provider.listen(port, '127.0.0.1', () => {
  console.log(`oidc provider ready at ${issuer}`);
});

// Keep-alive connections of the browser would hold server.close() open: leave at once.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
