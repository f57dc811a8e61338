import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

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
});
