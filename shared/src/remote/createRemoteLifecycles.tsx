import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact, { type ReactAppOrParcel } from 'single-spa-react';
import { Route, Routes } from 'react-router';
import { PortalRouter } from '../navigation/PortalRouter';
import { REMOTE_AREAS, routesOf, type RemoteName, type RouteDefinition } from '../navigation/routes';
import { PortalProvider } from '../ui/system/PortalProvider';
import { queryClient } from '../query/queryClient';
import { RemoteUnavailable } from './RemoteUnavailable';
import { ScreenFrame } from './ScreenFrame';

/** What the host passes to every remote it mounts as a parcel. */
export interface RemoteMountProps {
  remote: RemoteName;
  /** Unmount and load the remote again (Try Again in the fallback). */
  onRetry: () => void;
}

export type ScreenComponent = React.ComponentType<{ route: RouteDefinition }>;

export interface RemoteDefinition {
  remote: RemoteName;
  /** Screens by route path (spec 2.1); a route without one shows its ScreenFrame. */
  screens?: Partial<Record<string, ScreenComponent>>;
  /**
   * The remote's own top component, in place of its routes (it renders `RemoteRoutes` itself
   * where it wants them): mfe-auth shows the sign-in flow whatever the path until authenticated.
   */
  App?: React.ComponentType;
}

/** The routes of one remote, each rendering its screen. */
export function RemoteRoutes({ remote, screens = {} }: Pick<RemoteDefinition, 'remote' | 'screens'>) {
  return (
    <Routes>
      {routesOf(remote).map((route) => {
        const Screen = screens[route.path] ?? ScreenFrame;
        return <Route key={route.path} path={route.path} element={<Screen route={route} />} />;
      })}
    </Routes>
  );
}

/** The remote's whole tree: providers, the portal's one history, its App or its routes. */
export function RemoteRoot({ remote, screens, App }: RemoteDefinition) {
  return (
    <PortalProvider queryClient={queryClient}>
      <PortalRouter>{App ? <App /> : <RemoteRoutes remote={remote} screens={screens} />}</PortalRouter>
    </PortalProvider>
  );
}

/**
 * single-spa-react lifecycles for a remote's `./app` expose. Each remote is its own React root;
 * everything it shares with the host comes from @portal/shared (a federation singleton).
 */
export function createRemoteLifecycles(definition: RemoteDefinition): ReactAppOrParcel<RemoteMountProps> {
  const Root = () => <RemoteRoot {...definition} />;
  return singleSpaReact<RemoteMountProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error, _info, props) => (
      <PortalProvider>
        <RemoteUnavailable area={REMOTE_AREAS[definition.remote]} error={error} onRetry={props.onRetry} />
      </PortalProvider>
    ),
  });
}

/**
 * single-spa-react lifecycles for one component a remote exposes beside its `./app` (e.g. the
 * applications' process demo actions, which the host's menu mounts): the component with the
 * portal's providers, given the props the host mounts it with.
 */
export function createComponentLifecycles<P extends object>(Component: React.ComponentType<P>): ReactAppOrParcel<P> {
  const Root = (props: P) => (
    <PortalProvider queryClient={queryClient}>
      <Component {...props} />
    </PortalProvider>
  );
  return singleSpaReact<P>({ React, ReactDOMClient, rootComponent: Root });
}
