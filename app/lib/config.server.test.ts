import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, parseConfig, parseTrustProxy } from "./config.server";

describe("parseConfig", () => {
  it("has working defaults for an empty environment", () => {
    const cfg = parseConfig({});
    expect(cfg).toMatchObject({ PORT: 3000, DATA_DIR: "./data", ADMIN_EMAIL: "admin@localhost", EMBEDDINGS: "none" });
  });

  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ EMBEDDINGS: "cloud" })).toThrow(/EMBEDDINGS/);
    expect(() => parseConfig({ ADMIN_EMAIL: "nobody" })).toThrow(ConfigError);
  });

  it("requires a complete single sign-on setup when one is started", () => {
    expect(() => parseConfig({ OAUTH_CLIENT_ID: "app" })).toThrow(/OAUTH_ISSUER/);
    expect(() => parseConfig({ OAUTH_ISSUER: "http://idp.test" })).toThrow(/OAUTH_CLIENT_ID/);
    expect(parseConfig({ OAUTH_ISSUER: "http://idp.test", OAUTH_CLIENT_ID: "app" }).OAUTH_CLIENT_ID).toBe("app");
  });

  it("says what is wrong on one line naming the variable", () => {
    for (const [env, name] of [
      [{ PORT: "eighty" }, "PORT"],
      [{ PORT: "70000" }, "PORT"],
      [{ HOST: "not a host!" }, "HOST"],
      [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
      [{ REQUEST_LOG: "verbose" }, "REQUEST_LOG"],
      [{ OAUTH_ISSUER: "idp.test", OAUTH_CLIENT_ID: "app" }, "OAUTH_ISSUER"],
      [{ OAUTH_AUTHORIZATION_URL: "javascript:alert(1)", OAUTH_CLIENT_ID: "app" }, "OAUTH_AUTHORIZATION_URL"],
    ] as const) {
      let message = "";
      try {
        parseConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, JSON.stringify(env)).toMatch(new RegExp(`^Invalid configuration: ${name}: \\S.*$`));
      expect(message).not.toContain("\n");
    }
  });

  it("reads TRUST_PROXY as Express's hop count or proxy addresses, and refuses true", () => {
    expect(parseConfig({}).TRUST_PROXY).toBeUndefined();
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8, 192.168.0.0/255.255.0.0, fd00::/8, uniquelocal" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "192.168.0.0/255.255.0.0",
      "fd00::/8",
      "uniquelocal",
    ]);
    expect(parseTrustProxy("true")).toMatchObject({ error: expect.stringContaining("X-Forwarded-For") });
    for (const bad of ["yes", "10.0.0.0/33", "::1/129", "10.0.0.1/ffff::", "1.2.3.4/8/8", "loopback,", "10.0.0.300"]) {
      expect(parseTrustProxy(bad), bad).toMatchObject({ error: expect.any(String) });
    }
  });

  it(".env.example lists every variable with its default, and reads as the defaults", () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const listed = Object.fromEntries(
      text
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => {
          const at = line.indexOf("=");
          return [line.slice(0, at), line.slice(at + 1).replace(/\s+#.*$/, "").trim()];
        }),
    );
    for (const name of CONFIG_VARIABLES) expect(Object.keys(listed), name).toContain(name);
    expect(parseConfig(listed)).toEqual(parseConfig({}));
  });
});

