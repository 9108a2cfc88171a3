// The session state machine's drawing (issue 26 item 18): every transition's label stands clear
// of the others and of the state boxes. jsdom lays nothing out, so a label's box is estimated from
// its position, anchor and length at the drawing's 10 px font (≈ 5.6 px a character).
import { screen } from '@testing-library/react';
import { renderScreen } from '@portal/shared/testing';
import { StateMachine } from './StateMachine';
import { MACHINE_STATES, TRANSITIONS } from './sessionStateMachine';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const CHARACTER = 5.6;
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

it('draws every transition with a label clear of every other label and of the state boxes', () => {
  renderScreen(<StateMachine />);
  const drawing = screen.getByRole('img', { name: /^Session state machine/ });
  const labels: Box[] = [...drawing.querySelectorAll('g[color] text')].map((text) => {
    const x = Number(text.getAttribute('x'));
    const y = Number(text.getAttribute('y'));
    const width = (text.textContent ?? '').length * CHARACTER;
    const anchor = text.getAttribute('text-anchor');
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    return { name: text.textContent ?? '', left, right: left + width, top: y - 8, bottom: y + 2 };
  });
  expect(labels.map((label) => label.name).sort()).toEqual(TRANSITIONS.map((transition) => transition.label).sort());
  const boxes: Box[] = MACHINE_STATES.map((state) => ({ name: state.label, left: state.x - 65, right: state.x + 65, top: state.y - 22, bottom: state.y + 22 }));
  for (const [index, label] of labels.entries()) {
    for (const other of labels.slice(index + 1)) expect([label.name, other.name, overlap(label, other)]).toEqual([label.name, other.name, false]);
    for (const box of boxes) expect([label.name, box.name, overlap(label, box)]).toEqual([label.name, box.name, false]);
    expect(label.left).toBeGreaterThanOrEqual(0);
    expect(label.top).toBeGreaterThanOrEqual(0);
  }
});
