export const REDIS_SERVER: string;
