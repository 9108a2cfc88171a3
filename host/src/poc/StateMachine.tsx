// POC "State Machine" (/poc): the session state machine of spec 4.1 drawn as SVG, the session's
// current state highlighted (aria-current), with a text alternative listing states and transitions.
import { Box, Stack, Text } from '@chakra-ui/react';
import { useSession } from '@portal/shared';
import { MACHINE_STATES, stateOf, TRANSITIONS, type MachineState } from './sessionStateMachine';

const WIDTH = 130;
const HEIGHT = 44;
/** Where along its arrow a transition's label sits. */
const LABEL_AT = 0.35;

/** Where the arrow between two state boxes starts and ends: on their borders, along the centres' line. */
function edge(from: MachineState, to: MachineState) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const clip = (x: number, y: number, sign: number) => {
    const scale = Math.min(WIDTH / 2 / Math.abs(dx || 1e-9), HEIGHT / 2 / Math.abs(dy || 1e-9));
    return { x: x + sign * dx * scale, y: y + sign * dy * scale };
  };
  return { start: clip(from.x, from.y, 1), end: clip(to.x, to.y, -1) };
}

export function StateMachine() {
  const status = useSession((state) => state.session?.authentication_status);
  const current = stateOf(status);
  const byStatus = new Map(MACHINE_STATES.map((state) => [state.status, state]));
  return (
    <Stack gap={4}>
      <Text>
        The session state machine of the specification (4.1). The portal is in <strong data-testid="current-state">{current.label}</strong>: {current.shows}.
      </Text>
      <Box overflowX="auto">
        <svg role="img" aria-labelledby="session-machine-title" viewBox="0 0 620 340" width="620" height="340">
          <title id="session-machine-title">{`Session state machine, current state ${current.label}`}</title>
          <defs>
            <marker id="session-machine-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
            </marker>
          </defs>
          {TRANSITIONS.map((transition) => {
            const from = byStatus.get(transition.from) as MachineState;
            const to = byStatus.get(transition.to) as MachineState;
            const { start, end } = edge(from, to);
            // A pair drawn both ways (Init ⇄ Error) is offset so the two arrows stay apart.
            const back = TRANSITIONS.some((other) => other.from === transition.to && other.to === transition.from);
            const offset = back ? (transition.from < transition.to ? 8 : -8) : 0;
            // Its label a third of the way along, not midway: the two arrows crossing in the
            // middle (first sign-in, code verified) and the pair both ways (fetch fails, Try
            // Again) put their labels on top of each other there. The pair's left arrow is
            // labelled on its left; a level arrow (logout…) above the two boxes it joins, whose
            // gap is narrower than its label.
            const level = start.y === end.y;
            const labelX = level ? (start.x + end.x) / 2 : start.x + (end.x - start.x) * LABEL_AT + offset;
            const labelY = level ? start.y - HEIGHT / 2 - 2 : start.y + (end.y - start.y) * LABEL_AT;
            const anchor = level ? 'middle' : offset < 0 ? 'end' : 'start';
            return (
              <g key={`${transition.from}->${transition.to}`} color="#64748b">
                <line x1={start.x + offset} y1={start.y} x2={end.x + offset} y2={end.y} stroke="currentColor" strokeWidth="1.5" markerEnd="url(#session-machine-arrow)" />
                <text x={anchor === 'end' ? labelX - 4 : anchor === 'start' ? labelX + 4 : labelX} y={labelY - 4} textAnchor={anchor} fontSize="10" fill="#334155">
                  {transition.label}
                </text>
              </g>
            );
          })}
          {MACHINE_STATES.map((state) => {
            const active = state === current;
            return (
              <g key={state.label} data-testid={`state-${state.label}`} aria-current={active ? 'step' : undefined}>
                <rect
                  x={state.x - WIDTH / 2}
                  y={state.y - HEIGHT / 2}
                  width={WIDTH}
                  height={HEIGHT}
                  rx="8"
                  fill={active ? '#1d4ed8' : '#f8fafc'}
                  stroke={active ? '#1e3a8a' : '#94a3b8'}
                  strokeWidth={active ? 3 : 1.5}
                />
                <text x={state.x} y={state.y + 4} textAnchor="middle" fontSize="13" fontWeight={active ? 700 : 400} fill={active ? '#ffffff' : '#0f172a'}>
                  {state.label}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Box as="ul" pl={5} listStyleType="disc" fontSize="sm" aria-label="Transitions">
        {TRANSITIONS.map((transition) => (
          <li key={`${transition.from}->${transition.to}`}>
            {(byStatus.get(transition.from) as MachineState).label} → {(byStatus.get(transition.to) as MachineState).label}: {transition.label}
          </li>
        ))}
      </Box>
    </Stack>
  );
}
