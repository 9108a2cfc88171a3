// The OpenID Connect tests' provider (a child process running oidc-provider) and a browser
// stand-in that goes through its devInteractions pages by HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts `oidc-provider.mjs` with a confidential and a public client registered for `redirectUri`. */
export function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-provider.mjs'), redirectUri], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /oidc provider ready at (\S+)/.exec(output);
      if (ready?.[1]) resolve({ issuer: ready[1], stop });
    });
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited (${code}): ${errors}`)));
  });
}

/** Cookies as a browser keeps them for one site (paths ignored: the provider's are all its own). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the provider's page: ${html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, '&'), base).href;
}

/**
 * Follows `authorizationUrl` through the provider's login form (fields `login` and `password`,
 * button Sign-in) and consent form (button Continue) until it redirects outside the provider;
 * answers that redirect: the portal's callback URL with the code and state.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  const provider = new URL(authorizationUrl).origin;
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: authorizationUrl, method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      body: next.body,
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== provider) return target;
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
    const body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any password' })
      : new URLSearchParams({ prompt: 'consent' });
    next = { url: formAction(html, next.url), method: 'POST', body };
  }
  throw new Error('the provider never redirected back');
}
