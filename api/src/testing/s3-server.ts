// A small S3-compatible server for tests (path-style, like MinIO behind RECOVERY_S3_ENDPOINT):
// the S3 wire protocol for the calls the recovery target makes — PutObject, GetObject,
// DeleteObject, and the multipart upload of @aws-sdk/lib-storage (CreateMultipartUpload,
// UploadPart, CompleteMultipartUpload, AbortMultipartUpload) — and ListObjectsV2 for the tests to
// look. Objects live in memory; every request must be signed (an AWS4 Authorization header).
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3TestServer {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** The requests seen, 'METHOD /bucket/key?query'. */
  seen: string[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3TestServer(buckets: readonly string[]): Promise<S3TestServer> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const seen: string[] = [];
  const send = (response: ServerResponse, status: number, body = '', headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/xml', ...headers });
    response.end(body);
  };
  const error = (response: ServerResponse, status: number, code: string) =>
    send(response, status, xml(`<Error><Code>${code}</Code><Message>${code}</Message><RequestId>${randomUUID()}</RequestId></Error>`));

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://s3.test');
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      if (!(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=')) return error(response, 403, 'AccessDenied');
      const [, bucket = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (!buckets.includes(bucket)) return error(response, 404, 'NoSuchBucket');
      const id = `${bucket}/${key}`;
      const query = url.searchParams;
      const body = await bodyOf(request);
      if (request.method === 'GET' && key === '' && query.get('list-type') === '2') {
        const prefix = query.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((name) => name.startsWith(`${bucket}/${prefix}`)).map((name) => name.slice(bucket.length + 1)).sort();
        const contents = keys.map((name) => `<Contents><Key>${name}</Key><Size>${objects.get(`${bucket}/${name}`)!.length}</Size></Contents>`).join('');
        return send(response, 200, xml(`<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`));
      }
      if (request.method === 'POST' && query.has('uploads')) {
        const uploadId = randomUUID();
        uploads.set(uploadId, { key: id, parts: new Map() });
        return send(response, 200, xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`));
      }
      const upload = query.get('uploadId');
      if (upload !== null) {
        const pending = uploads.get(upload);
        if (!pending) return error(response, 404, 'NoSuchUpload');
        if (request.method === 'PUT') {
          pending.parts.set(Number(query.get('partNumber')), body);
          return send(response, 200, '', { etag: etag(body) });
        }
        if (request.method === 'DELETE') {
          uploads.delete(upload);
          return send(response, 204);
        }
        const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
        objects.set(pending.key, Buffer.concat(numbers.map((number) => pending.parts.get(number) ?? Buffer.alloc(0))));
        uploads.delete(upload);
        return send(response, 200, xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag(objects.get(pending.key)!)}</ETag></CompleteMultipartUploadResult>`));
      }
      if (request.method === 'PUT') {
        objects.set(id, body);
        return send(response, 200, '', { etag: etag(body) });
      }
      if (request.method === 'GET') {
        const object = objects.get(id);
        if (!object) return error(response, 404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(object.length), etag: etag(object) });
        return response.end(object);
      }
      if (request.method === 'DELETE') {
        objects.delete(id);
        return send(response, 204);
      }
      return error(response, 405, 'MethodNotAllowed');
    })().catch(() => error(response, 500, 'InternalError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
