// The shared fake API (one copy for every package); tests may import '@portal/shared/testing'
// directly. Kept as a path while the remote's tests move over. Test-only.
export { fakeApi, type FakeAnswer, type FakeCall, type FakeReply } from '@portal/shared/testing';
