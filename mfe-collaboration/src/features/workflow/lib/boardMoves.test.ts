// Each branch of where a board card may go.
import { boardMove, MOVE_REASONS } from './boardMoves';

const allowed = { allowed: true, reason: 'assignee' } as const;
const denied = { allowed: false, reason: 'denied' } as const;
const pending = { allowed: false, reason: 'pending' } as const;
const open = (type: string) => ({ type: type as 'DELEGATE', status: 'OPEN' as const });

describe('boardMove', () => {
  it('completes a delegation by reporting 100 %, and a general task with its own action', () => {
    expect(boardMove(open('DELEGATE'), 'COMPLETED', allowed)).toEqual({ allowed: true, action: 'progress' });
    expect(boardMove(open('HAS_GAP'), 'COMPLETED', allowed)).toEqual({ allowed: true, action: 'progress' });
    expect(boardMove(open('GENERAL'), 'COMPLETED', allowed)).toEqual({ allowed: true, action: 'complete' });
  });

  it('fails any open task the user may act on, a review included', () => {
    expect(boardMove(open('REVIEW'), 'FAILED', allowed)).toEqual({ allowed: true, action: 'fail' });
    expect(boardMove(open('GENERAL'), 'FAILED', allowed)).toEqual({ allowed: true, action: 'fail' });
  });

  it('sends a review to its page instead of completing it', () => {
    expect(boardMove(open('REVIEW'), 'COMPLETED', allowed)).toEqual({ allowed: false, reason: MOVE_REASONS.review });
  });

  it('refuses whom task authorization refuses, and waits for the workgroups', () => {
    expect(boardMove(open('DELEGATE'), 'COMPLETED', denied)).toEqual({ allowed: false, reason: MOVE_REASONS.denied });
    expect(boardMove(open('DELEGATE'), 'FAILED', pending)).toEqual({ allowed: false, reason: MOVE_REASONS.pending });
  });

  it('never moves a closed task, nor back to Open, nor onto its own column', () => {
    expect(boardMove({ type: 'DELEGATE', status: 'COMPLETED' }, 'FAILED', allowed)).toEqual({ allowed: false, reason: MOVE_REASONS.closed });
    expect(boardMove({ type: 'DELEGATE', status: 'FAILED' }, 'OPEN', allowed)).toEqual({ allowed: false, reason: MOVE_REASONS.closed });
    expect(boardMove(open('DELEGATE'), 'OPEN', allowed)).toEqual({ allowed: false, reason: MOVE_REASONS.same });
  });
});
