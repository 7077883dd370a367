// A local fake of the S3 REST API, enough of it that the real AWS SDK v3 talks to it:
// PutObject, GetObject, HeadObject and DeleteObject with path-style addressing
// (http://127.0.0.1:<port>/<bucket>/<key>), every request signed with AWS Signature V4
// and checked (access key, signature over method, path, query, signed headers and payload
// hash), errors as S3's XML. Listens on 127.0.0.1 only.

import { createHash, createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  bucket: string;
  key: string;
  authorization: string;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects of the bucket by key. */
  objects: Map<string, FakeS3Object>;
  /** Every signed request that reached the bucket, in order. */
  requests: FakeS3Request[];
  /** Every request answered 403 (bad or missing signature), with the S3 error code. */
  refused: { code: string; path: string }[];
  close(): Promise<void>;
}

export interface FakeS3Options {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding, as SigV4 wants it in canonical query strings. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** S3's XML error (HEAD answers carry no body, as S3's do). */
function sendError(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml', 'x-amz-request-id': randomUUID() });
  if (res.req.method === 'HEAD') return void res.end();
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `<Resource>${resource}</Resource><RequestId>${randomUUID()}</RequestId></Error>`,
  );
}

export async function startFakeS3(opts: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'tienda-archivos';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = opts.accessKeyId ?? 'AKIAFAKES3EXAMPLE';
  const secretAccessKey = opts.secretAccessKey ?? 'fake-s3-secret-key-0123456789abcdef';
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];
  const refused: { code: string; path: string }[] = [];

  /** null when the request is signed with our key; otherwise the S3 error code. */
  function checkSignature(req: IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return 'AccessDenied';
    const [, keyId, date, signedRegion, signedHeaders, signature] = m as unknown as string[];
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (signedRegion !== region) return 'AuthorizationHeaderMalformed';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!amzDate.startsWith(date!) || !payloadHash) return 'AccessDenied';
    if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body))
      return 'XAmzContentSHA256Mismatch';
    if (payloadHash.startsWith('STREAMING-')) return 'NotImplemented';

    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
    const query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [k = '', v = ''] = pair.split('=');
        return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const;
      })
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const headers = names
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), 's3'), 'aws4_request');
    const expected = createHmac('sha256', key).update(toSign).digest('hex');
    return expected === signature ? null : 'SignatureDoesNotMatch';
  }

  function objectHeaders(o: FakeS3Object): Record<string, string> {
    return {
      'Content-Type': o.contentType,
      'Content-Length': String(o.body.length),
      ETag: o.etag,
      'Last-Modified': o.lastModified.toUTCString(),
      ...(o.cacheControl ? { 'Cache-Control': o.cacheControl } : {}),
      'x-amz-request-id': randomUUID(),
    };
  }

  function handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const rawPath = (req.url ?? '/').split('?')[0]!;
    const refusal = checkSignature(req, body);
    if (refusal) {
      refused.push({ code: refusal, path: rawPath });
      const status = refusal === 'NotImplemented' ? 501 : refusal === 'XAmzContentSHA256Mismatch' ? 400 : 403;
      return sendError(res, status, refusal, 'The request signature we calculated does not match.', rawPath);
    }
    // Path style: /<bucket>/<key…>, each segment percent-encoded by the SDK.
    const [, bucketName = '', ...keyParts] = rawPath.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    requests.push({
      method: req.method ?? '',
      bucket: bucketName,
      key,
      authorization: req.headers.authorization ?? '',
    });
    if (bucketName !== bucket) {
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', `/${bucketName}`);
    }
    if (!key) return sendError(res, 400, 'InvalidRequest', 'A key is required', rawPath);

    switch (req.method) {
      case 'PUT': {
        const length = req.headers['content-length'];
        if (length === undefined)
          return sendError(res, 411, 'MissingContentLength', 'Length required', rawPath);
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: req.headers['cache-control'],
          etag,
          lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
        });
        res.writeHead(200, { ETag: etag, 'x-amz-request-id': randomUUID() });
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        const o = objects.get(key);
        if (!o) {
          return req.method === 'HEAD'
            ? sendError(res, 404, 'NotFound', '', rawPath)
            : sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', rawPath);
        }
        res.writeHead(200, objectHeaders(o));
        return void res.end(req.method === 'HEAD' ? undefined : o.body);
      }
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204, { 'x-amz-request-id': randomUUID() });
        return void res.end();
      default:
        return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed', rawPath);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
