import { brokerUrl } from './brokerUrl';

it('resolves the default events path to ws or wss on the current host', () => {
  expect(brokerUrl(undefined, { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/events/ws/amqp');
  expect(brokerUrl('/events/ws/amqp', { protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/events/ws/amqp');
  expect(brokerUrl('wss://broker.example/ws', { protocol: 'http:', host: 'x' })).toBe('wss://broker.example/ws');
});
