// The request as each access-log line shows it: no query string, since some carry secrets (an SSO
// callback's code and state, a token pasted into a link) and the log is no place for any of them.
import type { FastifyRequest } from 'fastify';

export function requestForLog(req: FastifyRequest) {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return {
    method: req.method,
    url: q === -1 ? url : `${url.slice(0, q)}?…`,
    host: req.host,
    remoteAddress: req.ip,
  };
}
