import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
} from "../src/services/oauth/model.js";

describe("configuration from the environment", () => {
  it("defaults to PGlite in ./.bahi of the caller's folder, port 8080 and a demo account", () => {
    const config = loadConfig({ INIT_CWD: "/srv/app" });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: null,
      dataDir: "/srv/app/.bahi",
      demo: true,
      logLevel: "info",
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set, without a demo account unless asked", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/bahi" });
    expect(config.databaseUrl).toBe("postgres://u@127.0.0.1:5432/bahi");
    expect(config.demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://h/db", BAHI_DEMO: "true" }).demo).toBe(true);
  });

  it("reports every bad value at once, naming the variable and the value", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        LOG_LEVEL: "loud",
        DATABASE_URL: "mysql://x",
        BAHI_DEMO: "maybe",
        BAHI_DB_POOL_SIZE: "1",
        BAHI_RATE_LIMIT: "redis-ish",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(problems).toContain("LOG_LEVEL must be one of");
    expect(problems).toContain("DATABASE_URL must be a PostgreSQL URL");
    expect(problems).toContain('BAHI_DEMO must be true or false, got "maybe"');
    expect(problems).toContain("BAHI_DB_POOL_SIZE must be a whole number from 2 to 1000");
    expect(problems).toContain('BAHI_RATE_LIMIT must be one of memory, redis, off, got "redis-ish"');
  });

  it("lets OAuth access tokens last 1 s to an hour (BAHI_OAUTH_ACCESS_TOKEN_SECONDS), 10 minutes by default", () => {
    expect(loadConfig({}).accessTokenLifetimeSeconds).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBe(600);
    expect(loadConfig({ BAHI_OAUTH_ACCESS_TOKEN_SECONDS: "1" }).accessTokenLifetimeSeconds).toBe(1);
    const longest = String(MAX_ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(loadConfig({ BAHI_OAUTH_ACCESS_TOKEN_SECONDS: longest }).accessTokenLifetimeSeconds).toBe(3_600);
    for (const bad of ["0", "3601", "10m"]) {
      expect(() => loadConfig({ BAHI_OAUTH_ACCESS_TOKEN_SECONDS: bad })).toThrow(
        `BAHI_OAUTH_ACCESS_TOKEN_SECONDS must be a whole number from 1 to 3600, got "${bad}"`,
      );
    }
  });

  it("accepts the port boundaries and refuses 65536", () => {
    expect(loadConfig({ PORT: "0" }).port).toBe(0);
    expect(loadConfig({ PORT: "65535" }).port).toBe(65_535);
    expect(() => loadConfig({ PORT: "65536" })).toThrow(ConfigError);
  });

  it("listens on an IP address or a host name, and refuses what is neither", () => {
    for (const host of [
      "0.0.0.0",
      "10.1.2.3",
      "::",
      "::1",
      "fe80::1",
      "localhost",
      "api-1.internal",
      "bahi_api",
      "node7.",
    ]) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    for (const bad of ["256.1.1.1", "1.2.3", "[::1]", "127.0.0.1:8080", "http://localhost", "-a.b", "a b"]) {
      expect(() => loadConfig({ HOST: bad })).toThrow(
        `HOST must be an IP address or a host name, e.g. 0.0.0.0 or 127.0.0.1, got "${bad}"`,
      );
    }
  });

  it("runs the webhook worker in the API process unless BAHI_WORKER is off", () => {
    expect(loadConfig({}).worker).toBe("on");
    expect(loadConfig({ BAHI_WORKER: "off" }).worker).toBe("off");
    expect(() => loadConfig({ BAHI_WORKER: "maybe" })).toThrow(
      /BAHI_WORKER must be one of on, off, got "maybe"/,
    );
  });

  it("counts requests in Redis when REDIS_URL is set, in memory otherwise, and refuses a bad URL", () => {
    expect(loadConfig({})).toMatchObject({ rateLimit: "memory", redisUrl: null });
    expect(loadConfig({ REDIS_URL: "redis://10.0.0.5:6379/2" })).toMatchObject({
      rateLimit: "redis",
      redisUrl: "redis://10.0.0.5:6379/2",
    });
    expect(loadConfig({ REDIS_URL: "rediss://cache.internal", BAHI_RATE_LIMIT: "memory" }).rateLimit).toBe(
      "memory",
    );
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1", BAHI_RATE_LIMIT: "off" }).rateLimit).toBe("off");
    expect(() => loadConfig({ BAHI_RATE_LIMIT: "redis" })).toThrow(/BAHI_RATE_LIMIT=redis needs REDIS_URL/);
    for (const bad of ["127.0.0.1:6379", "http://127.0.0.1:6379", "redis://"]) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(
        /REDIS_URL must be a Redis URL starting with "redis:\/\/"/,
      );
    }
  });

  it("reads the hosts webhooks may reach and the key that seals their secrets", () => {
    const config = loadConfig({
      BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1, 10.0.0.0/8,erp.internal,::1",
      BAHI_SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    expect(config.webhookAllowedHosts).toEqual(["127.0.0.1", "10.0.0.0/8", "erp.internal", "::1"]);
    expect(config.secretKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).webhookAllowedHosts).toEqual([]);
    expect(loadConfig({}).secretKey).toBeNull();
    expect(() => loadConfig({ BAHI_WEBHOOK_ALLOWED_HOSTS: "10.0.0.0/33" })).toThrow(
      /BAHI_WEBHOOK_ALLOWED_HOSTS entries must be hosts, addresses or CIDR ranges, got "10.0.0.0\/33"/,
    );
    expect(() => loadConfig({ BAHI_SECRET_KEY: Buffer.alloc(31).toString("base64") })).toThrow(
      /BAHI_SECRET_KEY must be 32 bytes in base64/,
    );
  });
});
