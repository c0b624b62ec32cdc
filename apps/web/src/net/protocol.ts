// The wire contract is the protocol package's zod schemas, which the server validates with: one
// definition, so client and server cannot drift.
export * from '@outer-rim/protocol';
