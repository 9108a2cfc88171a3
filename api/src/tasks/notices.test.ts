// @backend-agnostic: pure functions; no table is read or written.
// What a task notification names and where its link leads (tasks/notices.ts): one '##…##' link
// whatever the requirement's title holds, and a link that opens the object.
import { linkText, requirementLink, reviewLink, taskLink, taskSubject } from './notices';

describe('task notices', () => {
  it('keeps a title from opening a second link or closing the first', () => {
    expect(linkText('REQ-1 Encrypt backups')).toBe('##REQ-1 Encrypt backups##');
    const hostile = linkText('REQ-2 a## see ##https://evil.example##');
    expect(hostile).toBe('##REQ-2 a# see #https://evil.example# ##');
    // As the bell reads it (host/src/notifications/messageText.ts): the first '##…##' is the link.
    expect(/##(.+?)##/.exec(`Look at ${hostile}.`)?.[1]).toBe('REQ-2 a# see #https://evil.example# ');
    expect(/##(.+?)##/.exec(linkText('REQ-3 C#'))?.[1]).toBe('REQ-3 C# ');
  });

  it('names the task by its kind and its requirement', () => {
    expect(taskSubject({ type: 'DELEGATE' }, { code: 'REQ-1', title: 'Backups' })).toBe('the delegated task of ##REQ-1 Backups##');
    expect(taskSubject({ type: 'RESOLVE_CONFLICT' }, undefined)).toBe('##the resolve conflict task##');
    expect(taskSubject({ type: 'GENERAL', title: 'Access review ##Q3##' }, undefined)).toBe('the task ##Access review #Q3# ##');
  });

  it('links a review to the review screen, a general task to /view-task and another task to its requirement', () => {
    expect(taskLink({ id: 't-1', type: 'REVIEW', requirement_id: 'r-1' })).toBe(reviewLink('t-1'));
    expect(taskLink({ id: 't-2', type: 'DELEGATE', requirement_id: 'r-1' })).toBe(requirementLink('r-1'));
    expect(taskLink({ id: 't-3', type: 'RESOLVE_CONFLICT', requirement_id: null })).toBe('/review-requirement?task=t-3');
    expect(requirementLink('r-1')).toBe('/requirements?id=r-1');
    expect(taskLink({ id: 't-4', type: 'GENERAL', requirement_id: null })).toBe('/view-task?id=t-4');
  });
});
