import { authLogs, getDb } from "../db/index.server";
import type { RequestInfo } from "../http.server";

export type AuthAction = "login" | "registration" | "profile_update" | "logout" | (string & {});

export function writeAuthLog(
  userId: string | null,
  action: AuthAction,
  info: RequestInfo,
  details?: Record<string, unknown>,
) {
  getDb()
    .insert(authLogs)
    .values({
      userId,
      action,
      ipAddress: info.ipAddress,
      userAgent: info.userAgent,
      details: details ? JSON.stringify(details) : null,
    })
    .run();
}
