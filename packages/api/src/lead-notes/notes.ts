import { transaction, type Sql } from "@crawlguard/db";
import type { LeadNote } from "@crawlguard/validators";
import { displayNameOf } from "../crew-day/display-name.js";
import { assertLeadVisible, type Viewer } from "../users/access.js";

/*
 * Visit notes (docs/product.md "The crew's day"): each note is an entry of the lead's timeline
 * (kind "note"), written by whoever may see the lead. The lead's notes field stays its summary, as
 * staff edit it; a note changes no field of the lead.
 */

/** Adds a note to a lead the viewer may see (404 otherwise); the author is their display name. */
export async function addLeadNote({
  sql,
  viewer,
  leadId,
  text,
}: {
  sql: Sql;
  viewer: Viewer & { username: string };
  leadId: string;
  text: string;
}): Promise<LeadNote> {
  return transaction(sql, async (tx) => {
    await assertLeadVisible(tx, viewer, leadId);
    const author = (await displayNameOf(tx, viewer.id)) ?? viewer.username;
    const [row] = await tx<{ id: string; createdAt: Date }[]>`
      INSERT INTO lead_events (lead_id, user_id, actor_name, kind, to_value)
      VALUES (${leadId}, ${viewer.id}, ${author}, 'note', ${text})
      RETURNING id, created_at`;
    return { id: row!.id, text, author, createdAt: row!.createdAt.toISOString() };
  });
}
