// What the sidecar uses of undici (pinned exactly in package.json): its Client and the `request`
// method that undici's index adds to every dispatcher. The build bundles this instead of undici's
// index, which would also add fetch, WebSocket, the cache and the mock agents to the start-up
// bundle (about 540 KB against 280 KB; docs/benchmarks.md).
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');

Dispatcher.prototype.request = require('undici/lib/api/api-request.js');
module.exports = { Client: require('undici/lib/dispatcher/client.js') };
