import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import type { CrewJob } from "@crawlguard/validators";
import { MapPin, Phone } from "lucide-react";
import { telHref } from "./crew-model";

/**
 * Call and Directions for a job, thumb-sized (44 px and more): a `tel:` link dials on a phone, the
 * maps link opens the maps app (or Google Maps in a new tab).
 */
export function JobLinks({ job }: { job: Pick<CrewJob, "clientName" | "phone" | "address" | "mapsUrl"> }) {
  if (!job.phone && !job.mapsUrl) return null;
  return (
    <Flex gap="2" wrap="wrap">
      {job.phone ? (
        <Button asChild size="lg" colorPalette="brand" flex="1" minW="36">
          <a href={telHref(job.phone)} aria-label={`Call ${job.clientName} at ${job.phone}`}>
            <Phone aria-hidden="true" />
            Call
          </a>
        </Button>
      ) : null}
      {job.mapsUrl ? (
        <Button asChild size="lg" variant="outline" flex="1" minW="36">
          <a href={job.mapsUrl} target="_blank" rel="noopener noreferrer" aria-label={`Directions to ${job.address ?? job.clientName}`}>
            <MapPin aria-hidden="true" />
            Directions
          </a>
        </Button>
      ) : null}
    </Flex>
  );
}
