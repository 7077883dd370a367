// @fastify/rate-limit's built-in stores, imported by path in plugins/rate-limit.ts, ship no
// declarations; their constructors are typed there where they are used.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: unknown;
  export default RedisStore;
}
