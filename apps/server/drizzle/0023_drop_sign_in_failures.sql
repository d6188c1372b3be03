-- Failed sign-ins are counted by the sign-in limiter in Redis (REDIS_URL) or in memory now (signInLimiter.ts):
-- the table it used to count them in is no longer read or written.
DROP TABLE "sign_in_failures" CASCADE;