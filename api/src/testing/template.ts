/** Where the run's embedded-database template lives; global setup exports it to the workers. */
export const TEMPLATE_VARIABLE = 'PORTAL_API_TEST_TEMPLATE';
