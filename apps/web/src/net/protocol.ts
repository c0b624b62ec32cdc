// The wire contract is the server's own zod schemas: one definition, so client and server cannot drift.
export * from '@outer-rim/server/protocol';
