/** Where the run's embedded-database template lives; global setup exports it to the workers. */
export const TEMPLATE_VARIABLE = 'PORTAL_API_TEST_TEMPLATE';
/** The same template with every migration applied (keyed by the migrations' content). */
export const MIGRATED_TEMPLATE_VARIABLE = 'PORTAL_API_TEST_MIGRATED_TEMPLATE';
