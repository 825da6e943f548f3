import { z } from "zod/mini";

/** What an endpoint answering 204 No Content gives the client to read: nothing. */
export const noContentSchema = z.undefined();
