// The security headers every website page carries (HTML and markdown twin alike): a strict
// Content-Security-Policy with no inline script, no sniffing, a careful referrer, no framing, no
// powerful browser feature, no cross-origin opener.
import type { FastifyReply } from 'fastify'

/**
 * Pages run no script at all: JSON-LD is data (`application/ld+json` is not executed), so
 * `script-src` stays at `'none'` through default-src. Images may come from this site or any
 * https origin (cover_image_url allows an absolute https URL); styles only from our stylesheet.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' https:",
  "manifest-src 'self'",
  // With no script allowed this grants a page nothing; it lets tools that fetch from inside the
  // page (Lighthouse's robots.txt check, a reader's extension) read this site's own documents.
  "connect-src 'self'",
  "base-uri 'none'",
  // The one form, the header's search, sends a GET to this site's /search.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Pages use no powerful browser feature: none is granted to them or to anything they embed. */
export const PAGE_PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ')

export function setPageHeaders(reply: FastifyReply) {
  reply.header('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY)
  reply.header('X-Content-Type-Options', 'nosniff')
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
  reply.header('X-Frame-Options', 'DENY')
  reply.header('Permissions-Policy', PAGE_PERMISSIONS_POLICY)
  // A window this page opens (or that opens it) from another site gets no handle on it.
  reply.header('Cross-Origin-Opener-Policy', 'same-origin')
}
