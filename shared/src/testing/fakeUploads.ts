// A fake XMLHttpRequest for upload tests (apiClient.upload sends with it): each send is recorded
// and stays open until the test reports progress and answers it, so a progress bar can be seen
// half-way and a cancel can happen while it is open. Test-only.
import { replyParts, type FakeReply } from './fakeApi';

export interface FakeUploadRequest {
  method: string;
  url: URL;
  headers: Headers;
  withCredentials: boolean;
  body: unknown;
  progress: (loaded: number, total: number) => void;
  answer: (reply: FakeReply) => void;
  /** The network failing under the upload. */
  fail: () => void;
  /** Whether the upload was cancelled. */
  readonly aborted: boolean;
}

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

export function fakeUploads() {
  const requests: FakeUploadRequest[] = [];
  const original = globalThis.XMLHttpRequest;

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ProgressHandler } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private responseHeaders: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    send(body: unknown) {
      const isAborted = () => this.aborted;
      requests.push({
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        withCredentials: this.withCredentials,
        body,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        answer: (reply) => {
          const { status, text, headers } = replyParts(reply);
          this.status = status;
          this.responseText = text;
          this.responseHeaders = headers;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
        get aborted() {
          return isAborted();
        },
      });
    }

    abort() {
      this.aborted = true;
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
