import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Security headers with a content security policy the client passes: scripts and connections
 * only to ourselves, plus Stripe's hosts when its Payment Element is configured.
 */
export function securityHeaders(opts: { stripeEnabled: boolean; isProduction: boolean }): RequestHandler {
  const stripe = opts.stripeEnabled ? ['https://js.stripe.com'] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe],
        // Chakra (emotion) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(opts.stripeEnabled ? ['https://api.stripe.com'] : [])],
        frameSrc: opts.stripeEnabled ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.isProduction,
  });
}
