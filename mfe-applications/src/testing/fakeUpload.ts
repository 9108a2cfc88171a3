// A fake XMLHttpRequest for the upload tests: each send is recorded and stays open until the test
// reports progress and answers it, so the progress bar can be seen half-way. Test-only.
import { problemBody, type FakeReply } from './fakeApi';

export interface FakeUploadRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  progress: (loaded: number, total: number) => void;
  answer: (reply: FakeReply) => void;
}

export function fakeUploads() {
  const requests: FakeUploadRequest[] = [];
  const original = globalThis.XMLHttpRequest;

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: unknown) {
      requests.push({
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        body,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        answer: ({ status = 200, body: answer, problem }) => {
          this.status = status;
          const payload = problem ? problemBody(status, problem) : answer;
          this.responseText = payload === undefined ? '' : JSON.stringify(payload);
          this.onload?.();
        },
      });
    }

    abort() {
      this.onabort?.();
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    requests,
    restore: () => {
      globalThis.XMLHttpRequest = original;
    },
  };
}

/** Fake uploads in every test of the file (installed before each, restored after each). */
export function installFakeUploads(): { readonly requests: FakeUploadRequest[] } {
  let current: ReturnType<typeof fakeUploads> | undefined;
  beforeEach(() => {
    current = fakeUploads();
  });
  afterEach(() => current?.restore());
  return {
    get requests() {
      return current?.requests ?? [];
    },
  };
}
