import * as constants from './constants';

describe('business constants (spec 9)', () => {
  it('has the limits and timings of the spec', () => {
    expect(constants).toMatchObject({
      API_BASE_PATH: '/api',
      READ_RETRY_LIMIT: 3,
      ONE_TIME_CODE_TTL_MS: 900_000,
      ONE_TIME_CODE_MIN_LENGTH: 6,
      SNACKBAR_HIDE_MS: 5000,
      INVITATION_CACHE_MS: 300_000,
      HELP_CACHE_MS: 300_000,
      VERSION_CHECK_MS: 900_000,
      DEPLOYMENT_CONFIG_POLL_MS: 15_000,
      SBOM_INGESTION_TIMEOUT_MS: 900_000,
      FREE_TRIAL_DAYS: 14,
      MFA_MANDATORY_FROM: '0.18.0',
      SHORT_STRING_MAX_BYTES: 255,
      SIDE_NAV_WIDTH: 250,
      NOTIFICATION_DRAWER_WIDTH: 400,
      SIGN_IN_POPUP_WIDTH: 483,
      SIGN_IN_POPUP_HEIGHT: 600,
      RECOVERY_CODES_PER_ROW: 2,
      RELEASE_TOOLTIP_COUNT: 5,
      FILE_SERVER_PATH: '/storage/files',
      REALTIME_EVENTS_PATH: '/events/ws/amqp',
      REALTIME_VHOST: '/',
      REALTIME_SUBSCRIBE_RETRY_MS: 1000,
      REALTIME_ELECTION_WAIT_MS: 300,
      REALTIME_HEARTBEAT_MS: 10_000,
      REALTIME_FRAME_MAX: 131_072,
      REALTIME_FRAME_MAX_DEFAULT: 4096,
      REALTIME_FRAME_MAX_MIN: 4096,
    });
  });

  it('grows the reconnect delay by 1 s per attempt up to 10 s', () => {
    expect([1, 2, 3, 9, 10, 11, 50].map(constants.realtimeReconnectDelay)).toEqual([
      1000, 2000, 3000, 9000, 10_000, 10_000, 10_000,
    ]);
  });

  it('formats dates en-US as MM/DD/YYYY', () => {
    expect(constants.formatDate(new Date(2025, 5, 8))).toBe('06/08/2025');
  });
});
