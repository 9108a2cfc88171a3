/** The product's name as shown to users (the spec's {product}). */
export const PRODUCT_NAME = 'Security Portal';

/** The client version string (spec 1). */
export const CLIENT_VERSION = '1.1.0';
