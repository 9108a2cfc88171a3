// Asynchronous so that module federation negotiates the shared singletons before any is used.
import('./bootstrap');
