// POC "Grafana" (/poc/grafana, issue 25 item 3): the configured Grafana dashboard in a sandboxed
// iframe, or how to configure one. The portal's metrics reach Grafana through Prometheus
// (GET /api/metrics/prometheus, README).
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { Empty, QueryView } from '@portal/shared';
import { sandboxFor, useGrafanaDashboard } from './grafanaDashboard';

export function GrafanaScreen() {
  const dashboard = useGrafanaDashboard();
  return (
    <QueryView query={dashboard} loading="Loading the Grafana dashboard…" noAccessOnForbidden>
      {({ url }) =>
        url ? (
          <Stack gap={2}>
            <Text fontSize="sm" color="fg.muted">
              <Link href={url} target="_blank" rel="noopener noreferrer">
                Open the dashboard in Grafana
              </Link>
            </Text>
            <Box borderWidth="1px" borderRadius="md" overflow="hidden">
              <iframe
                title="Grafana dashboard"
                src={url}
                sandbox={sandboxFor(url)}
                referrerPolicy="no-referrer"
                style={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
              />
            </Box>
          </Stack>
        ) : (
          <Empty
            title="No Grafana dashboard is configured"
            description={
              <>
                Set GRAFANA_DASHBOARD_URL on the API to the dashboard's address (for example
                https://grafana.example.com/d/portal/security?orgId=1&amp;kiosk) and restart it. Grafana must allow
                embedding (allow_embedding = true). Its data comes from the portal's Prometheus endpoint,
                /api/metrics/prometheus, scraped with a service module's API key.
              </>
            }
          />
        )
      }
    </QueryView>
  );
}
