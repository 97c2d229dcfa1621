// Where the redis-server binary is: REDIS_SERVER, or Debian's.
export const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
