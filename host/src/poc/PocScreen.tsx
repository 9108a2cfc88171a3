// The POC group's screens the host serves (spec 2.3; routes /poc, /poc/centrifugo, /poc/grafana,
// /poc/notifications), loaded on demand: only sessions with the poc feature flag reach them
// (ContentOutlet answers 404 to the others). CVEs (/poc/nvd-cve) is mfe-applications' vulnerability
// database screen.
import { Text } from '@chakra-ui/react';
import { ScreenFrame, type RouteDefinition } from '@portal/shared';
import { GrafanaScreen } from './GrafanaScreen';
import { RabbitmqScreen } from './RabbitmqScreen';
import { StateMachine } from './StateMachine';

export const CENTRIFUGO_MESSAGE =
  'Centrifugo is not used by this deployment: live updates and instant messages go through the STOMP broker (RabbitMQ, or the one embedded in the API), shown under Rabbitmq.';

function PocContent({ path }: { path: string }) {
  switch (path) {
    case '/poc':
      return <StateMachine />;
    case '/poc/grafana':
      return <GrafanaScreen />;
    case '/poc/notifications':
      return <RabbitmqScreen />;
    default:
      return <Text>{CENTRIFUGO_MESSAGE}</Text>;
  }
}

export default function PocScreen({ route }: { route: RouteDefinition }) {
  return (
    <ScreenFrame route={route}>
      <PocContent path={route.path} />
    </ScreenFrame>
  );
}
