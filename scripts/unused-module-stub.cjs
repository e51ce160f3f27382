// Build-time stand-in for modules Fastify can load but this service never uses: Ajv and
// fast-json-stringify (the sidecar passes its own validator and serializer compilers) and
// light-my-request (no in-process injection in production). Keeps them out of the bundle.
'use strict';
function unavailable() {
  throw new Error('this module is not part of the sidecar build');
}
module.exports = unavailable;
module.exports.default = unavailable;
