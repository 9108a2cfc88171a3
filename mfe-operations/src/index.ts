// Standalone entry (`pnpm --filter mfe-operations dev`). Asynchronous so that shared dependencies are
// negotiated with module federation before any of them is used.
import('./standalone/bootstrap');
