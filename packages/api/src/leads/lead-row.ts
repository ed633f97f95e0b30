import type { Lead } from "@crawlguard/validators";

// A lead's row and its not-found message, apart from leads.ts: google-calendar/google-calendar.ts reads
// them, and leads.ts imports google-calendar.ts (no import circles).

export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  zipCode: string | null;
  service: string;
  status: Lead["status"];
  priority: Lead["priority"];
  source: Lead["source"];
  notes: string | null;
  estimatedValue: string | null;
  scheduledDate: Date | null;
  googleCalendarEventId: string | null;
  submissionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  durationMinutes: number;
  assigneeName: string | null;
  assignedTo: string | null;
}

export const LEAD_NOT_FOUND = "Lead not found";
