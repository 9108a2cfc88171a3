import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRouteOwner } from './remotes/preload';

preloadRouteOwner(window.location.pathname);
createRoot(document.getElementById('root')!).render(<App />);
