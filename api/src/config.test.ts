import path from 'node:path';
import { ConfigError, DEFAULT_IDENTITY, ENVIRONMENT_VARIABLES, loadConfig, REPOSITORY_ROOT, type Environment } from './config';

describe('loadConfig', () => {
  it('defaults to the one-command setup: 127.0.0.1:8080, ./data, PGlite, builds under the repository', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(REPOSITORY_ROOT, 'data'),
      databaseUrl: undefined,
      rabbitmqUrl: undefined,
      smtpUrl: undefined,
      serveStatic: true,
      staticDir: REPOSITORY_ROOT,
      remotesJson: undefined,
      logLevel: 'info',
      trustProxy: false,
      identity: DEFAULT_IDENTITY,
      readCacheMs: 1000,
      publicUrl: 'http://127.0.0.1:8080',
      notificationDigestHour: 7,
      pocFeatures: false,
    });
    expect(path.join(REPOSITORY_ROOT, 'api', 'src')).toBe(__dirname);
  });

  it('reads every setting from its variable, resolving relative paths against the repository', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      DATA_DIR: 'var/portal',
      DATABASE_URL: 'postgres://db/portal',
      RABBITMQ_URL: 'amqp://broker',
      SMTP_URL: 'smtp://mail:1025',
      SERVE_STATIC: 'false',
      STATIC_DIR: '/srv/portal',
      REMOTES_JSON: 'deploy/remotes.json',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: 'true',
      SECRET_KEY: 'a long secret of the operator',
      PASSWORD_MAX_AGE_DAYS: '90',
      SESSION_IDLE_MINUTES: '15',
      SESSION_ABSOLUTE_HOURS: '8',
      SIGN_IN_ADDRESS_LIMIT: '50',
      SIGN_IN_PAIR_LIMIT: '5',
      SIGN_IN_ACCOUNT_LIMIT: '40',
      SIGN_IN_ACCOUNT_INTERVAL_SECONDS: '60',
      MAIL_OUTBOX_API: 'true',
      PUBLIC_URL: 'https://portal.example.com/',
      NOTIFICATION_DIGEST_HOUR: '18',
      POC_FEATURES: 'on',
      GRAFANA_DASHBOARD_URL: 'https://grafana.example.com/d/portal/security?orgId=1&kiosk',
    });
    expect(config).toEqual({
      port: 9090,
      host: '0.0.0.0',
      dataDir: path.join(REPOSITORY_ROOT, 'var/portal'),
      databaseUrl: 'postgres://db/portal',
      rabbitmqUrl: 'amqp://broker',
      smtpUrl: 'smtp://mail:1025',
      serveStatic: false,
      staticDir: '/srv/portal',
      remotesJson: path.join(REPOSITORY_ROOT, 'deploy/remotes.json'),
      logLevel: 'warn',
      trustProxy: true,
      readCacheMs: 1000,
      publicUrl: 'https://portal.example.com',
      notificationDigestHour: 18,
      pocFeatures: true,
      grafanaDashboardUrl: 'https://grafana.example.com/d/portal/security?orgId=1&kiosk',
      identity: {
        secretKey: 'a long secret of the operator',
        passwordMaxAgeDays: 90,
        sessionIdleMs: 15 * 60_000,
        sessionAbsoluteMs: 8 * 3_600_000,
        signInAddressLimit: 50,
        signInPairLimit: 5,
        signInAccountLimit: 40,
        signInAccountIntervalMs: 60_000,
        mailOutboxApi: true,
      },
    });
  });

  it('reads the OpenID Connect sign-in settings, the client secret and redirect URL being optional', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig({ OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0', OIDC_CLIENT_ID: 'portal' }).oidc).toEqual({
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      clientId: 'portal',
      clientSecret: undefined,
      redirectUrl: undefined,
    });
    expect(
      loadConfig({
        OIDC_ISSUER: 'http://127.0.0.1:8199',
        OIDC_CLIENT_ID: 'portal-e2e',
        OIDC_CLIENT_SECRET: 'portal-e2e-secret',
        OIDC_REDIRECT_URL: 'http://127.0.0.1:8181/api/sessions/msal/callback',
      }).oidc,
    ).toEqual({
      issuer: 'http://127.0.0.1:8199',
      clientId: 'portal-e2e',
      clientSecret: 'portal-e2e-secret',
      redirectUrl: 'http://127.0.0.1:8181/api/sessions/msal/callback',
    });
  });

  it('reads the disaster recovery settings: folder, key, and an S3-compatible endpoint with path-style addressing', () => {
    expect(
      loadConfig({
        RECOVERY_DIR: 'var/backups',
        RECOVERY_KEY: 'ab'.repeat(32),
        RECOVERY_S3_ENDPOINT: 'http://127.0.0.1:9000',
        RECOVERY_S3_ACCESS_KEY_ID: 'minio',
        RECOVERY_S3_SECRET_ACCESS_KEY: 'minio-secret',
      }).recovery,
    ).toEqual({
      dir: `${REPOSITORY_ROOT}/var/backups`,
      key: 'ab'.repeat(32),
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'minio', secretAccessKey: 'minio-secret', forcePathStyle: true },
    });
    expect(loadConfig({}).recovery).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['SERVE_STATIC', 'maybe'],
    ['PASSWORD_MAX_AGE_DAYS', '-1'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_ABSOLUTE_HOURS', 'half'],
    ['SIGN_IN_ADDRESS_LIMIT', '1.5'],
    ['SIGN_IN_PAIR_LIMIT', '0'],
    ['SIGN_IN_ACCOUNT_LIMIT', 'many'],
    ['SIGN_IN_ACCOUNT_INTERVAL_SECONDS', '-5'],
    ['MAIL_OUTBOX_API', 'perhaps'],
    ['OIDC_ISSUER', 'https://login.example.com'],
    ['OIDC_CLIENT_ID', 'portal'],
    ['OIDC_CLIENT_SECRET', 'secret'],
    ['PUBLIC_URL', 'portal.example.com'],
    ['PUBLIC_URL', 'ftp://portal.example.com'],
    ['PUBLIC_URL', 'https://portal.example.com/?next=/evil'],
    ['NOTIFICATION_DIGEST_HOUR', '24'],
    ['NOTIFICATION_DIGEST_HOUR', '7.5'],
    ['RECOVERY_KEY', 'too short'],
    ['RECOVERY_S3_ENDPOINT', 'minio:9000'],
    ['RECOVERY_S3_ACCESS_KEY_ID', 'alone'],
    ['RECOVERY_S3_FORCE_PATH_STYLE', 'sometimes'],
    ['SBOM_INGESTION_TIMEOUT_SECONDS', '0'],
    ['JOB_EXPIRY_CHECK_SECONDS', 'often'],
  ])('rejects %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  it('reads the ingestion timeout in seconds and the job expiry check, unset where the readers keep their defaults', () => {
    expect(loadConfig({ SBOM_INGESTION_TIMEOUT_SECONDS: '10', JOB_EXPIRY_CHECK_SECONDS: '5' })).toMatchObject({ sbomIngestionTimeoutMs: 10_000, jobExpiryCheckSeconds: 5 });
    expect(loadConfig({})).not.toHaveProperty('sbomIngestionTimeoutMs', expect.anything());
  });

  it('lists in ENVIRONMENT_VARIABLES exactly the variables it reads', () => {
    const read = new Set<string>();
    const spy = new Proxy<Environment>(
      {},
      {
        get(_target, name) {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    loadConfig(spy);
    expect([...read].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});
