import { z } from "zod";
import { calendarDate } from "./availability.js";
import { galleryRenditionSchema, galleryUploadTicketSchema } from "./gallery.js";
import { leadStatusSchema } from "./lead.js";
import { text } from "./text.js";

/*
 * The crew's day (docs/product.md "The crew's day"): a crew member's jobs of one day, the job view's
 * visit notes and job photos, and "On my way".
 */

/** `GET /api/my/day`: one day in the business time zone (today there when omitted). */
export const myDayQuerySchema = z.object({
  date: calendarDate()
    .meta({ description: "The day, yyyy-MM-dd in the business time zone; today there when omitted.", example: "2026-07-14" })
    .optional(),
});
export type MyDayQuery = z.infer<typeof myDayQuerySchema>;

export const crewJobSchema = z
  .object({
    leadId: z.string().uuid().meta({ description: "The lead the appointment belongs to." }),
    start: z.string().meta({ description: "When the appointment starts (ISO 8601 instant)." }),
    end: z.string().meta({ description: "When it ends: start plus its duration (ISO 8601 instant)." }),
    clientName: z.string().meta({ description: "The client's name." }),
    phone: z.string().nullable().meta({ description: "The client's phone number as typed; null when none." }),
    address: z.string().nullable().meta({ description: "The property's full address (with its zip code); null when neither is known." }),
    service: z.string().meta({ description: "The service's label, e.g. Crawl Space Encapsulation (not its id)." }),
    notes: z.string().nullable().meta({ description: "The lead's notes (its summary)." }),
    status: leadStatusSchema,
    estimatedValue: z.string().nullable().meta({ description: "The job's estimated value in dollars, as a string; null when none." }),
    mapsUrl: z
      .string()
      .nullable()
      .meta({ description: "A Google Maps search for the address (opens the maps app on a phone); null without an address." }),
  })
  .meta({ id: "CrewJob", description: "One appointment of a crew member's day, with what the crew needs at the door." });
export type CrewJob = z.infer<typeof crewJobSchema>;

export const myDaySchema = z
  .object({
    date: z.string().meta({ description: "The day shown, yyyy-MM-dd in the business time zone." }),
    jobs: z.array(crewJobSchema).meta({ description: "The signed-in user's appointments that day, by start." }),
  })
  .meta({ id: "MyDay", description: "A crew member's day: their appointments, earliest first." });
export type MyDay = z.infer<typeof myDaySchema>;

/** Notes are long texts: 1 to 2000 characters. */
export const LEAD_NOTE_MAX = 2000;

export const leadNoteCreateSchema = z.object({
  text: text()
    .trim()
    .min(1, { message: "Note is required", abort: true })
    .max(LEAD_NOTE_MAX, `Note must be at most ${LEAD_NOTE_MAX} characters`)
    .meta({ description: "What was seen or done, 1 to 2000 characters." }),
});
export type LeadNoteCreate = z.infer<typeof leadNoteCreateSchema>;

export const leadNoteSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The note's id (also its timeline entry's id)." }),
    text: z.string().meta({ description: "The note." }),
    author: z.string().nullable().meta({ description: "Who wrote it: their display name (their username when they have none)." }),
    createdAt: z.string().meta({ description: "When it was written (ISO 8601)." }),
  })
  .meta({ id: "LeadNote", description: "A visit note: an entry of the lead's timeline beside its notes summary." });
export type LeadNote = z.infer<typeof leadNoteSchema>;

/** `POST /api/leads/{id}/photos`: as the gallery's upload start. */
export const leadPhotoUploadSchema = galleryUploadTicketSchema
  .extend({
    uploadURL: z.string().meta({
      description:
        "Where to PUT the photo, once, within 15 minutes: this server's /uploads/{token} (always so when no size was given) or a presigned S3 URL. " +
        "Then POST /api/leads/{id}/photos/{uploadId}/complete.",
    }),
  })
  .meta({ id: "LeadPhotoUpload", description: "A started job photo upload: where to send the photo (uploadURL)." });
export type LeadPhotoUpload = z.infer<typeof leadPhotoUploadSchema>;

export const leadPhotoSchema = z
  .object({
    id: z.string().uuid().meta({ description: "The photo's id (its upload's id)." }),
    leadId: z.string().uuid().meta({ description: "The lead it belongs to." }),
    url: z.string().meta({ description: "The widest rendition (WebP), served only to signed-in staff who may see the lead." }),
    thumbnailUrl: z.string().meta({ description: "The narrowest rendition, for lists." }),
    width: z.number().int().meta({ description: "The photo's width in pixels, upright." }),
    height: z.number().int().meta({ description: "The photo's height in pixels, upright." }),
    renditions: z.array(galleryRenditionSchema).meta({ description: "Every WebP rendition, narrowest first." }),
    name: z.string().nullable().meta({ description: "The file's name as given." }),
    author: z.string().nullable().meta({ description: "Who added it (display name); null for a deleted account." }),
    createdAt: z.string().meta({ description: "When it was added (ISO 8601)." }),
  })
  .meta({
    id: "LeadPhoto",
    description: "A private job photo of a lead: stripped of its metadata (GPS included), never public, never in the gallery.",
  });
export type LeadPhoto = z.infer<typeof leadPhotoSchema>;

export const ON_MY_WAY_MAX_MINUTES = 240;

export const onMyWayRequestSchema = z.object({
  etaMinutes: z
    .number({ message: "ETA must be a whole number of minutes" })
    .int("ETA must be a whole number of minutes")
    .min(1, `ETA must be between 1 and ${ON_MY_WAY_MAX_MINUTES} minutes`)
    .max(ON_MY_WAY_MAX_MINUTES, `ETA must be between 1 and ${ON_MY_WAY_MAX_MINUTES} minutes`)
    .meta({ description: "Minutes until arrival, 1 to 240.", example: 20 }),
});
export type OnMyWayRequest = z.infer<typeof onMyWayRequestSchema>;

export const onMyWayResultSchema = z
  .object({
    leadId: z.string().uuid().meta({ description: "The lead whose client is told." }),
    arrivalAt: z.string().meta({ description: "The arrival time told (ISO 8601 instant): now plus the ETA, to the minute." }),
    arrivalTime: z.string().meta({ description: 'The arrival time as the mail says it, in the business time zone ("2:40 PM").' }),
    crewName: z.string().meta({ description: "Who is on the way: the sender's display name." }),
    sentTo: z.string().meta({ description: "The client's e-mail address the mail is queued for." }),
  })
  .meta({ id: "OnMyWay", description: "An On my way mail queued for the client." });
export type OnMyWayResult = z.infer<typeof onMyWayResultSchema>;
