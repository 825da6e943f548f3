import { z } from "zod";
import { userRoleSchema, type UserRole } from "../contracts/vocabulary.ts";

export const userSchema = z
  .object({
    id: z.string(),
    x_user_id: z.string(),
    handle: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    xUserId: row.x_user_id,
    handle: row.handle,
    name: row.name,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
export type User = z.infer<typeof userSchema>;

export function insertUserStatements(db: D1Database, user: User, roles: readonly UserRole[]) {
  return [
    db
      .prepare(
        `INSERT INTO users (id, x_user_id, handle, name, avatar_url, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(user.id, user.xUserId, user.handle, user.name, user.avatarUrl, user.createdAt, user.updatedAt),
    ...roles.map((role) =>
      db
        .prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING`)
        .bind(user.id, userRoleSchema.parse(role)),
    ),
  ];
}
