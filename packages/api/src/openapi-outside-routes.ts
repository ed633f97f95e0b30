// The two calls the document describes that are not procedures: the calendar feed and the upload
// link, both Express routes of apps/server whose token is the credential.
import { HEIC_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "./gallery/processing.js";
import { LINK_EXPIRED_MESSAGE, LINK_USED_MESSAGE, SIZE_MISMATCH_MESSAGE, TOO_LARGE_MESSAGE, UPLOAD_NOT_FOUND } from "./gallery/uploads.js";
import { errorResponse, INTERNAL_ERROR } from "./openapi-responses.js";

/** GET /api/calendar/ics, the calendar feed served outside the procedures (apps/server/src/calendar-feed-route.ts). */
export function calendarFeedOperation() {
  return {
    operationId: "calendarFeed-ics",
    tags: ["integrations"],
    summary: "A user's appointments and time blocks as iCalendar, for calendar apps (the secret URL of POST /api/calendar/feed)",
    description:
      "Appointments (the user's and the unassigned ones) and the user's time blocks, from 31 days ago to 93 days ahead, each recurring " +
      "block's occurrences as separate events, all times in UTC. No lead notes or prices. The token is the credential (no cookie).",
    security: [],
    parameters: [
      {
        name: "token",
        in: "query",
        required: true,
        description: "The feed's secret token (the `token` of the URL POST /api/calendar/feed answered).",
        schema: { type: "string" },
      },
    ],
    responses: {
      "200": { description: "The calendar (RFC 5545).", content: { "text/calendar": { schema: { type: "string" } } } },
      "404": errorResponse(["No feed has this token (never made, replaced by a newer URL, or revoked)."]),
      "500": INTERNAL_ERROR,
    },
  };
}

/**
 * `PUT /uploads/{token}`: this server's upload link (ADR 013, 023), an Express route outside the
 * procedures, documented here because it is the uploadURL integrators PUT the file to.
 */
export function uploadRouteOperation() {
  return {
    operationId: "gallery-uploadFile",
    tags: ["gallery"],
    summary: "Send the file of an upload to its uploadURL (this server's upload link)",
    description:
      "The uploadURL that POST /api/admin/gallery/upload answers when files are kept on this server, and with any storage when the upload " +
      "was started without a `size` (the bytes are then counted as they arrive and kept in the configured storage, S3 included). With S3 " +
      "and a `size` it is a presigned URL of the bucket instead, taking the same PUT. Send exactly the declared number of bytes (without a " +
      "declared size: at most 10,485,760, whatever Content-Length says), once, before the link expires (15 minutes); no " +
      "session cookie is needed (the token is the credential). The first bytes must be a JPEG, PNG, WebP, AVIF or GIF image: anything else " +
      "is refused at once. Then send the uploadURL as `imageUrl` to POST /api/admin/gallery.",
    security: [],
    parameters: [
      {
        name: "token",
        in: "path",
        required: true,
        description: "The upload link's secret token: the last segment of the uploadURL.",
        schema: { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" },
      },
    ],
    requestBody: {
      required: true,
      description:
        "The file's bytes, exactly the `size` declared when the upload started, or up to 10,485,760 when none was (Content-Length, or chunked).",
      content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
    },
    responses: {
      "200": {
        description: "The file was received; finish the upload by sending the uploadURL as `imageUrl` to POST /api/admin/gallery.",
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                uploadId: { type: "string", format: "uuid", description: "The upload the file was sent to." },
                size: { type: "integer", description: "How many bytes were received." },
              },
              required: ["uploadId", "size"],
              additionalProperties: false,
            },
          },
        },
      },
      "400": errorResponse([SIZE_MISMATCH_MESSAGE]),
      "403": errorResponse([LINK_EXPIRED_MESSAGE]),
      "404": errorResponse([`${UPLOAD_NOT_FOUND}: an unknown token.`]),
      "409": errorResponse([LINK_USED_MESSAGE]),
      "413": errorResponse([TOO_LARGE_MESSAGE, `Sent more than the declared size: ${SIZE_MISMATCH_MESSAGE}`]),
      "415": errorResponse([UNSUPPORTED_TYPE_MESSAGE, HEIC_MESSAGE]),
      "500": INTERNAL_ERROR,
    },
  };
}
