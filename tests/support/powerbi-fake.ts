// A loopback stand-in for the two Microsoft services the Power BI provider calls, implementing the
// documented endpoints it uses:
//   POST /{tenant}/oauth2/v2.0/token                                   (Azure AD client credentials)
//   GET  /v1.0/myorg/groups/{groupId}/reports/{reportId}               (Reports - Get Report In Group)
//   POST /v1.0/myorg/groups/{groupId}/reports/{reportId}/GenerateToken (Embed Token - GenerateTokenInGroup)
// Tests switch failure modes and read what was asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

export interface FakeReport {
  id: string;
  name: string;
  datasetId: string;
}

export interface PowerBiFake {
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Reports per workspace id. */
  workspaces: Map<string, FakeReport[]>;
  /** How Azure AD answers: normally, or as for an expired client secret. */
  aadMode: 'ok' | 'expired-secret';
  /** Forces the Power BI API to answer this status (e.g. 500); null = normal. */
  apiStatus: number | null;
  /** Delay of every Power BI API answer, to test timeouts. */
  apiDelayMs: number;
  /** Lifetime of issued Azure AD tokens. */
  aadExpiresIn: number;
  tokenRequests: { body: URLSearchParams; tenant: string }[];
  generateTokenBodies: unknown[];
  apiCalls: { method: string; path: string; authorization: string | undefined }[];
  addReport(workspaceId: string, report?: Partial<FakeReport>): FakeReport;
  /** Invalidates every Azure AD token issued so far (as a revoked or rotated credential would). */
  revokeTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const EMBED_HOST = 'https://app.powerbi.com';

export async function startPowerBiFake(): Promise<PowerBiFake> {
  const issued = new Set<string>();
  const fake: PowerBiFake = {
    url: '',
    tenantId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: 'fake-secret-' + randomUUID(),
    workspaces: new Map(),
    aadMode: 'ok',
    apiStatus: null,
    apiDelayMs: 0,
    aadExpiresIn: 3599,
    tokenRequests: [],
    generateTokenBodies: [],
    apiCalls: [],
    addReport(workspaceId, report = {}) {
      const r: FakeReport = { id: randomUUID(), name: 'Sales', datasetId: randomUUID(), ...report };
      fake.workspaces.set(workspaceId, [...(fake.workspaces.get(workspaceId) ?? []), r]);
      return r;
    },
    revokeTokens() {
      issued.clear();
    },
    reset() {
      fake.aadMode = 'ok';
      fake.apiStatus = null;
      fake.apiDelayMs = 0;
      fake.aadExpiresIn = 3599;
      fake.tokenRequests.length = 0;
      fake.generateTokenBodies.length = 0;
      fake.apiCalls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: http.ServerResponse, status: number, code: string) =>
    send(res, status, { error: { code, message: code } });

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse, tenant: string) {
    const body = new URLSearchParams(await readBody(req));
    fake.tokenRequests.push({ body, tenant });
    if (tenant !== fake.tenantId)
      return send(res, 400, {
        error: 'invalid_request',
        error_description: `AADSTS90002: Tenant '${tenant}' not found.`,
      });
    if (body.get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
    const badSecret = body.get('client_id') !== fake.clientId || body.get('client_secret') !== fake.clientSecret;
    if (fake.aadMode === 'expired-secret' || badSecret) {
      // What Azure AD answers for an expired (AADSTS7000222) or wrong (AADSTS7000215) secret.
      const code =
        fake.aadMode === 'expired-secret'
          ? 'AADSTS7000222: The provided client secret keys are expired.'
          : 'AADSTS7000215: Invalid client secret provided.';
      return send(res, 401, {
        error: 'invalid_client',
        error_description: code,
        error_codes: [fake.aadMode === 'expired-secret' ? 7000222 : 7000215],
      });
    }
    const accessToken = 'aad-' + randomUUID();
    issued.add(accessToken);
    send(res, 200, {
      token_type: 'Bearer',
      expires_in: fake.aadExpiresIn,
      ext_expires_in: fake.aadExpiresIn,
      access_token: accessToken,
    });
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const body = req.method === 'POST' ? await readBody(req) : '';
    fake.apiCalls.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    if (fake.apiDelayMs) await new Promise((r) => setTimeout(r, fake.apiDelayMs));
    if (res.destroyed) return;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) return apiError(res, 401, 'TokenExpired');
    if (fake.apiStatus !== null) return apiError(res, fake.apiStatus, 'InternalServerError');
    const m = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)(\/GenerateToken)?$/.exec(path);
    if (!m) return apiError(res, 404, 'EntityNotFound');
    const [, groupId, reportId, generate] = m;
    const report = fake.workspaces.get(groupId)?.find((r) => r.id === reportId);
    if (!report) return apiError(res, 404, 'PowerBIEntityNotFound');
    if (!generate && req.method === 'GET') {
      return send(res, 200, {
        id: report.id,
        name: report.name,
        datasetId: report.datasetId,
        reportType: 'PowerBIReport',
        webUrl: `${EMBED_HOST}/groups/${groupId}/reports/${report.id}`,
        embedUrl: `${EMBED_HOST}/reportEmbed?reportId=${report.id}&groupId=${groupId}`,
      });
    }
    if (generate && req.method === 'POST') {
      fake.generateTokenBodies.push(JSON.parse(body || '{}'));
      return send(res, 200, {
        token: 'embed-' + randomUUID(),
        tokenId: randomUUID(),
        expiration: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      });
    }
    apiError(res, 405, 'MethodNotAllowed');
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const aad = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    const handled = aad && req.method === 'POST' ? token(req, res, decodeURIComponent(aad[1])) : api(req, res, path);
    handled.catch(() => send(res, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
