/** The security headers every answer carries (pages, API, errors, and the framework's own errors). */
import helmet from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalisedPath } from './paths';

/** Browser features the site never uses, denied to it and to anything it embeds. */
const DENIED_FEATURES = [
  'accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'geolocation', 'gyroscope', 'hid',
  'magnetometer', 'microphone', 'midi', 'payment', 'publickey-credentials-get', 'screen-wake-lock', 'serial', 'usb',
  'xr-spatial-tracking',
];
const policy = (allowSelf: string[]) => DENIED_FEATURES.map((f) => `${f}=(${allowSelf.includes(f) ? 'self' : ''})`).join(', ');
const STRICT = policy([]);
// The vetting page takes photos of identity documents.
const VETTING = policy(['camera']);

export const permissionsPolicy = (url: string): string => {
  const path = normalisedPath(url);
  return path === '/vetting' || path.startsWith('/vetting/') ? VETTING : STRICT;
};

export function securityHeaders(production: boolean): (request: FastifyRequest, reply: FastifyReply) => void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The captcha widget injects its own styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: { maxAge: 63072000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  return (request, reply) => {
    apply(request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', permissionsPolicy(request.url));
  };
}
