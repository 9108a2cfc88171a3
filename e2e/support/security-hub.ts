// A local AWS for the cloud sync test (issue 24 item 7): STS GetCallerIdentity (query protocol,
// XML) and Security Hub GetFindings (REST-JSON, NextToken paging), answering with the findings of
// e2e/fixtures/awssecurityhub_inspector_ecr.json. The API's real AWS SDK reaches it through the
// module's endpoint override; it checks nothing of the signature but that there is one.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const ACCOUNT = '123456789012';
const FINDINGS = (JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'awssecurityhub_inspector_ecr.json'), 'utf8')) as { Findings: unknown[] }).Findings;
const PAGE = 3;

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface LocalSecurityHub {
  endpoint: string;
  /** The paths called, in order ('/' for STS, '/findings' for Security Hub). */
  calls: string[];
  /** How many of the file's findings are reported (all to start with). */
  reported: number;
  close(): Promise<void>;
}

export async function startSecurityHub(): Promise<LocalSecurityHub> {
  const hub = { calls: [] as string[], reported: FINDINGS.length };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      hub.calls.push(path);
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        response.statusCode = 403;
        response.end();
      } else if (request.method === 'POST' && path === '/' && new URLSearchParams(body).get('Action') === 'GetCallerIdentity') {
        response.setHeader('content-type', 'text/xml');
        response.end(
          `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::${ACCOUNT}:user/portal</Arn>` +
            `<UserId>AIDACKCEVSQ6C2EXAMPLE</UserId><Account>${ACCOUNT}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></GetCallerIdentityResponse>`,
        );
      } else if (request.method === 'POST' && path === '/findings') {
        const input = JSON.parse(body || '{}') as { NextToken?: string };
        const start = input.NextToken ? Number(input.NextToken) : 0;
        const all = FINDINGS.slice(0, hub.reported);
        const page = all.slice(start, start + PAGE);
        const next = start + page.length < all.length ? String(start + page.length) : undefined;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ Findings: page, ...(next ? { NextToken: next } : {}) }));
      } else {
        response.statusCode = 404;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ message: `No route ${request.method} ${path}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(hub, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
