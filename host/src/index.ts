import { askSessionEarly } from './session/earlySession';

// The session is asked while the rest of the host downloads (it imports nothing).
askSessionEarly(window.location.pathname);
// Asynchronous so that module federation negotiates the shared singletons before any is used.
import('./bootstrap');
