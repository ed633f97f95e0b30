/**
 * Text as searches compare it: lower case, with accents and other combining marks removed, so
 * "jose" finds "José" and "JOSÉ" finds "Jose" (the board's search and the booking dialog's lead
 * picker).
 */
export function searchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
