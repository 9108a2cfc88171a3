import { askEarly } from './early/requests';

// The session and the remotes' manifest are asked while the rest of the host downloads (the
// module imports nothing).
askEarly(window.location.pathname);
// Asynchronous so that module federation negotiates the shared singletons before any is used.
import('./bootstrap');
