// A local OpenID Connect provider for the API tests, run as a child process (oidc-provider is an
// ESM package that jest's CommonJS runtime cannot load). Usage:
//   node oidc-provider.mjs <redirect_uri>
// Listens on a free port of 127.0.0.1 and prints `oidc provider ready at <issuer>`. Any login
// name `x` (any password) at its devInteractions pages signs in with email `x@example.com`;
// the login name `nomail` has no email claim at all.
import Provider from 'oidc-provider';

const redirectUri = process.argv[2];
if (!redirectUri) throw new Error('usage: node oidc-provider.mjs <redirect_uri>');

const clients = [
  {
    client_id: 'portal-api-test',
    client_secret: 'portal-api-test-secret',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  },
  {
    client_id: 'portal-api-test-public',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  },
];

function start(issuer, server) {
  const provider = new Provider(issuer, {
    clients,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return id === 'nomail' ? { sub: id } : { sub: id, email: `${id}@example.com`, email_verified: true, name: id };
        },
      };
    },
  });
  server.on('request', provider.callback());
}

// The issuer must name the port, which is known once listening.
const { createServer } = await import('node:http');
const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  start(issuer, server);
  console.log(`oidc provider ready at ${issuer}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
