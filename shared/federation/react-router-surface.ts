// The part of React Router the portal uses, provided to the federation share scope under the name
// 'react-router' (see chakra-surface.ts for why). The package resolves to its development build by
// default; the alias points at the production build. Import routing from 'react-router'; to use
// another export, add it here (federationSurfaces.test.ts fails on any name missing).
export {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  unstable_HistoryRouter,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-internal';
