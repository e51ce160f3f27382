// Build-time stand-in for node:http2, which Fastify loads eagerly but this HTTP/1.1-only
// loopback service never uses (it saves a built-in module load at every start).
'use strict';
function unavailable() {
  throw new Error('HTTP/2 is not part of this build');
}
module.exports = { createServer: unavailable, createSecureServer: unavailable, constants: {} };
