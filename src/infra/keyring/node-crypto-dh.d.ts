// Node 20 generates Diffie-Hellman key pairs of a named group (`generateKeyPairSync('dh', { group })`,
// documented since Node 15), which @types/node does not declare.
declare module 'crypto' {
  function generateKeyPairSync(type: 'dh', options: { readonly group: 'modp2' }): KeyPairKeyObjectResult;
}
export {};
