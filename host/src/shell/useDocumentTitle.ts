import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { bus, PRODUCT_NAME, resolveRoute } from '@portal/shared';

export function documentTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/**
 * Keeps document.title in step with the screen: from the route table on every navigation, then
 * from the screen itself (a remote may name its screen more precisely, e.g. an application key).
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const match = resolveRoute(pathname);
    document.title = documentTitle(match ? match.route.title : 'Page Not Found');
  }, [pathname]);

  useEffect(() => {
    const onTitle = ({ title }: { title: string }) => {
      document.title = documentTitle(title);
    };
    bus.on('screen:title', onTitle);
    return () => bus.off('screen:title', onTitle);
  }, []);
}
